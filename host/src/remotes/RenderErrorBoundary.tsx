import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface RenderErrorBoundaryProps {
  /** Rendered instead of the children once they threw. */
  fallback: ReactNode;
  onError: (error: Error, info: ErrorInfo) => void;
  children: ReactNode;
}

/** Contains a remote's render errors to its own area. Remount it (new key) to try again. */
export class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

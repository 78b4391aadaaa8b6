import { useEffect, type RefObject } from 'react';
import { initialFocusIn } from './focusTrap';

/**
 * Moves focus into `containerRef` on mount and, on unmount, back to whatever had it before,
 * so a keyboard user continues where they were when the dialog closes.
 */
export function useRestoreFocus(containerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    if (container) initialFocusIn(container).focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [containerRef]);
}

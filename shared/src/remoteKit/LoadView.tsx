import type { ReactNode } from 'react';
import { sharedMessages } from '../messages/zhCN';
import { Button } from './Button';
import { Muted } from './RemotePageFrame';
import type { LoadState } from './useLoad';

export interface LoadViewProps<Data> {
  state: LoadState<Data>;
  /** What the failed state says. */
  failed: string;
  onRetry?: () => void;
  /** What the loading state says (`role="status"`); default 加载中…. */
  loadingText?: string;
  /** The retry button's text; default 重试. */
  retryLabel?: string;
  /** Render the failed state as `role="alert"` so screen readers announce it. */
  announceFailure?: boolean;
  children: (data: Data) => ReactNode;
}

/** Loading, failed (with retry) or the data. */
export function LoadView<Data>({
  state,
  failed,
  onRetry,
  loadingText = sharedMessages.loading,
  retryLabel = sharedMessages.retry,
  announceFailure = false,
  children,
}: LoadViewProps<Data>) {
  // data-loading: see PageLoading.
  if (state.status === 'loading') return <Muted role="status" data-loading="">{loadingText}</Muted>;
  if (state.status === 'failed') {
    return (
      <Muted role={announceFailure ? 'alert' : undefined}>
        {failed}{' '}
        {onRetry && (
          <Button type="button" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </Muted>
    );
  }
  return <>{children(state.data)}</>;
}

import type { ReactNode } from 'react';
import type { LoadState } from '../hooks/useLoad';
import { boardCopy } from '../messages';
import { Muted, TextButton } from './PageFrame';

export interface LoadViewProps<Data> {
  state: LoadState<Data>;
  failed: string;
  onRetry?: () => void;
  children: (data: Data) => ReactNode;
}

/** Loading, failed (with retry) or the data. */
export function LoadView<Data>({ state, failed, onRetry, children }: LoadViewProps<Data>) {
  if (state.status === 'loading') return <Muted role="status">{boardCopy.loading}</Muted>;
  if (state.status === 'failed') {
    return (
      <Muted>
        {failed}{' '}
        {onRetry && (
          <TextButton type="button" onClick={onRetry}>
            {boardCopy.retry}
          </TextButton>
        )}
      </Muted>
    );
  }
  return <>{children(state.data)}</>;
}

import { sharedMessages } from '@sports/shared';
import { ContainedFailure } from './ContainedFailure';

export interface RemoteFallbackProps {
  remote: string;
  onRetry: () => Promise<void>;
}

/** What a remote's area shows when the remote failed: the rest of the page keeps working. */
export function RemoteFallback({ remote, onRetry }: RemoteFallbackProps) {
  return (
    <ContainedFailure
      title={sharedMessages.remoteFailedTitle}
      body={sharedMessages.remoteFailedBody}
      onRetry={onRetry}
      testId="remote-fallback"
      remote={remote}
    />
  );
}

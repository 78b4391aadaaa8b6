import { useState } from 'react';
import styled from 'styled-components';
import { sharedMessages } from '@sports/shared';

const Box = styled.div`
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  padding: 24px;
  text-align: center;
`;

const RetryButton = styled.button`
  margin-top: 8px;
  padding: 6px 20px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.textInverse};
  cursor: pointer;
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;

export interface RemoteFallbackProps {
  remote: string;
  onRetry: () => Promise<void>;
}

/** What a remote's area shows when the remote failed: the rest of the page keeps working. */
export function RemoteFallback({ remote, onRetry }: RemoteFallbackProps) {
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    onRetry().finally(() => setRetrying(false));
  };
  return (
    <Box role="alert" data-testid="remote-fallback" data-remote={remote}>
      <strong>{sharedMessages.remoteFailedTitle}</strong>
      <p>{sharedMessages.remoteFailedBody}</p>
      <RetryButton type="button" onClick={retry} disabled={retrying}>
        {sharedMessages.retry}
      </RetryButton>
    </Box>
  );
}

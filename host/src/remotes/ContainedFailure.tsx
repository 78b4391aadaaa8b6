import { useState } from 'react';
import styled from 'styled-components';
import { Button, sharedMessages } from '@sports/shared';

const Box = styled.div`
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  padding: 24px;
  text-align: center;
`;

const RetryButton = styled(Button).attrs({ variant: 'primary' as const })`
  margin-top: 8px;
  padding: 6px 20px;
  &&:disabled {
    cursor: progress;
  }
`;

export interface ContainedFailureProps {
  title: string;
  body: string;
  onRetry: () => Promise<void>;
  testId: string;
  /** Marks which remote failed (`data-remote`), where one did. */
  remote?: string;
}

/** A part of the page that failed, with a retry; the rest of the page keeps working. */
export function ContainedFailure({ title, body, onRetry, testId, remote }: ContainedFailureProps) {
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    onRetry().finally(() => setRetrying(false));
  };
  return (
    <Box role="alert" data-testid={testId} data-remote={remote}>
      <strong>{title}</strong>
      <p>{body}</p>
      <RetryButton onClick={retry} disabled={retrying}>
        {sharedMessages.retry}
      </RetryButton>
    </Box>
  );
}

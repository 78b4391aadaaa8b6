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
      <RetryButton type="button" onClick={retry} disabled={retrying}>
        {sharedMessages.retry}
      </RetryButton>
    </Box>
  );
}

import styled from 'styled-components';
import type { LiveDataStatus } from '@sports/shared';
import { boardCopy } from '../messages';

const Line = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};

  &::before {
    content: '';
    display: inline-block;
    width: 8px;
    height: 8px;
    margin-right: 6px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textMuted};
  }
  &[data-live-status='open']::before {
    background: ${({ theme }) => theme.colors.success};
  }
`;

/** Whether the page is receiving live updates. */
export function LiveStatus({ status }: { status: LiveDataStatus }) {
  return (
    <Line data-live-status={status} data-testid="live-status">
      {boardCopy.connection[status]}
    </Line>
  );
}

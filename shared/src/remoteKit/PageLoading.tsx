import styled from 'styled-components';
import { sharedMessages } from '../messages/zhCN';

const Spinner = styled.div`
  padding: 48px 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function PageLoading() {
  return (
    <Spinner role="status" aria-live="polite">
      {sharedMessages.loading}
    </Spinner>
  );
}

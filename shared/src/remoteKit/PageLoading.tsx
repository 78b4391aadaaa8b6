import styled from 'styled-components';
import { sharedMessages } from '../messages/zhCN';

const Spinner = styled.div`
  padding: 48px 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * 加载中… of a page or widget. `data-loading` marks an area still loading: the mobile home page
 * keeps a widget's declared room while its area holds one (host MobileShellStyle).
 */
export function PageLoading() {
  return (
    <Spinner role="status" aria-live="polite" data-loading="">
      {sharedMessages.loading}
    </Spinner>
  );
}

import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import styled from 'styled-components';
import { userInfoAtom } from '@sports/shared';
import { messagesCopy } from './messagesCopy';
import { UnreadBadge } from './UnreadBadge';

const Entry = styled(Link)`
  position: relative;
  grid-column: 3;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  color: inherit;
  font-size: 20px;
  text-decoration: none;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brandOnDark};
  }
`;

const Corner = styled(UnreadBadge)`
  position: absolute;
  top: 2px;
  right: 0;
  padding: 0 5px;
  font-size: 10px;
  line-height: 16px;
`;

/** /h5's header entry to the message centre (a signed-in member), with the unread badge. */
export function MobileMessagesLink() {
  const user = useAtomValue(userInfoAtom);
  if (user === null) return null;
  return (
    <Entry to="/messages" aria-label={messagesCopy.title} data-testid="mobile-messages-link">
      <span aria-hidden="true">✉</span>
      <Corner testId="mobile-message-unread-badge" />
    </Entry>
  );
}

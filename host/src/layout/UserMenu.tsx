import styled from 'styled-components';
import { Button, levelOf, type UserInfo } from '@sports/shared';
import { hostMessages } from '../messages';
import { UnreadBadge } from '../messages/UnreadBadge';
import { MenuButton, MenuLink, MenuList } from './navStyles';
import { useDropdown } from './useDropdown';
import { useLogout } from './useLogout';
import { userMenuLinks } from './userMenuLinks';

const text = hostMessages.userMenu;

const Container = styled.div`
  position: relative;
  flex: none;
`;

/* The kit's Button around the avatar: the image's alt (the nickname) names it. */
const AvatarButton = styled(Button).attrs({ variant: 'ghost' as const })`
  && {
    display: block;
    padding: 0;
    border: 2px solid transparent;
    border-radius: 50%;
    background: none;
  }
  &&:focus-visible {
    border-color: ${({ theme }) => theme.colors.textInverse};
    outline: none;
  }
`;

/* The unread messages on the avatar's corner (the message centre, issue 39). */
const AvatarBadge = styled(UnreadBadge)`
  position: absolute;
  top: -4px;
  right: -8px;
  padding: 0 5px;
  font-size: 10px;
  line-height: 16px;
  pointer-events: none;
`;

const LinkBadge = styled(UnreadBadge)`
  margin-left: 6px;
`;

const Avatar = styled.img`
  display: block;
  width: 34px;
  height: 34px;
  border-radius: 50%;
  object-fit: cover;
`;

const Panel = styled.div`
  position: absolute;
  top: 100%;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  width: 200px;
  padding-top: 6px;

  &[hidden] {
    display: none;
  }

  & > ul {
    position: static;
    border-top-left-radius: 0;
    border-top-right-radius: 0;
  }
`;

const Profile = styled.div`
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-bottom: 0;
  border-radius: ${({ theme }) => theme.radius.medium} ${({ theme }) => theme.radius.medium} 0 0;
  color: ${({ theme }) => theme.colors.text};
`;

const Nickname = styled.p`
  margin: 0 0 4px;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Detail = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

export interface UserMenuProps {
  userInfo: UserInfo;
}

/** The logged-in user's avatar and menu: profile, level, balance, member links and log out. */
export function UserMenu({ userInfo }: UserMenuProps) {
  const { open, close, containerProps, toggleProps, menuProps } = useDropdown();
  const logout = useLogout();

  function onLogout() {
    close();
    void logout();
  }

  return (
    <Container {...containerProps}>
      <AvatarButton {...toggleProps}>
        <Avatar src={userInfo.avatar} alt={userInfo.user_nickname} />
      </AvatarButton>
      <AvatarBadge />
      <Panel hidden={!open}>
        <Profile>
          <Nickname>{userInfo.user_nickname}</Nickname>
          <Detail>{text.level(levelOf(userInfo.exp), userInfo.exp)}</Detail>
          <Detail>
            {text.balance} {userInfo.balance}
          </Detail>
        </Profile>
        <MenuList {...menuProps} aria-label={text.label}>
          {userMenuLinks(userInfo.is_anchor).map((link) => (
            <li key={link.to} role="none">
              <MenuLink role="menuitem" to={link.to} onClick={close}>
                {link.label}
                {link.to === '/messages' && <LinkBadge testId="message-unread-badge-menu" />}
              </MenuLink>
            </li>
          ))}
          <li role="none">
            <MenuButton role="menuitem" type="button" onClick={onLogout}>
              {text.logout}
            </MenuButton>
          </li>
        </MenuList>
      </Panel>
    </Container>
  );
}

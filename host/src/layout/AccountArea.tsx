import { useAtomValue } from 'jotai';
import { userInfoAtom } from '@sports/shared';
import { LoginButton } from './LoginButton';
import { UserMenu } from './UserMenu';

/** The avatar menu for a logged-in user, the login button for a visitor. */
export function AccountArea() {
  const userInfo = useAtomValue(userInfoAtom);
  if (!userInfo) return <LoginButton />;
  return <UserMenu userInfo={userInfo} />;
}

import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { requireLogin, userInfoAtom, type RemoteContext, type UserInfo } from '@sports/shared';

/** A page for members only: a visitor gets 请登录后操作 and the login modal once on arrival; the signed-in user, else null. */
export function useMemberOnly(context: RemoteContext): UserInfo | null {
  const user = useAtomValue(userInfoAtom);
  const loggedIn = user !== null;
  useEffect(() => {
    if (!loggedIn) requireLogin(context);
  }, [loggedIn, context]);
  return user;
}

import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { RemoteContext } from '../contract/remoteContract';
import { type UserInfo, userInfoAtom } from '../store/persistedAtoms';
import { requireLogin } from './requireLogin';

/**
 * A page for members only: a visitor gets 请登录后操作 and the login modal once on arrival.
 * Answers the signed-in user, else null (the page shows its own "log in to see this").
 */
export function useMemberOnly(context: RemoteContext): UserInfo | null {
  const user = useAtomValue(userInfoAtom);
  const loggedIn = user !== null;
  useEffect(() => {
    if (!loggedIn) requireLogin(context);
  }, [loggedIn, context]);
  return user;
}

import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { requireLogin, userInfoAtom, type RemoteContext } from '@sports/shared';

/** A page for members only: a visitor gets 请登录后操作 and the login modal once on arrival. */
export function useMemberOnly(context: RemoteContext): boolean {
  const user = useAtomValue(userInfoAtom);
  const loggedIn = user !== null;
  useEffect(() => {
    if (!loggedIn) requireLogin(context);
  }, [loggedIn, context]);
  return loggedIn;
}

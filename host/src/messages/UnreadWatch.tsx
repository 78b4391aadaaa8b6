import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { systemConfigAtom, userInfoAtom } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { fetchUnreadCount } from './messagesApi';
import { unreadCountAtom } from './unreadAtom';
import { startUnreadPush } from './unreadPush';

/**
 * Keeps the unread count of the signed-in member (the user menu's badge), mounted once in
 * `app/App.tsx`: read on sign-in and page load, when the tab regains focus, and when the server
 * pushes a notice over the chat socket (`unreadPush.ts`). No interval polling.
 */
export function UnreadWatch() {
  const { api } = useHostServices();
  const user = useAtomValue(userInfoAtom);
  const im = useAtomValue(systemConfigAtom)?.im ?? null;
  const setCount = useSetAtom(unreadCountAtom);
  const signedIn = user !== null;

  const refresh = useCallback(() => {
    fetchUnreadCount(api).then(setCount, () => undefined);
  }, [api, setCount]);

  useEffect(() => {
    if (!signedIn) {
      setCount(null);
      return undefined;
    }
    refresh();
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn, refresh, setCount]);

  const provider = im?.provider ?? null;
  const socketPath = im?.socketPath ?? null;
  useEffect(() => {
    if (!signedIn || im === null) return undefined;
    return startUnreadPush(api, im, refresh);
    // The connection follows the member and the chat's address, not every new config object.
  }, [signedIn, provider, socketPath, api, refresh]);

  return null;
}

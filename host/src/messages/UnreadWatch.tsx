import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { systemConfigAtom, userInfoAtom, type MessageUnreadCount } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { fetchUnreadCount } from './messagesApi';
import { unreadCountAtom } from './unreadAtom';
import { createSystemNotifier } from './systemNotify';
import { startUnreadPush } from './unreadPush';

/**
 * Keeps the unread count of the signed-in member (the user menu's badge), mounted once in
 * `app/App.tsx`: read on sign-in and page load, when the tab regains focus, and when the server
 * pushes a notice over the chat socket (`unreadPush.ts`; the alert socket with Tencent IM), and
 * counts a fan alert's 赛事 message when the alert arrives. No interval polling. A push that raises
 * 系统通知 in a background tab may show a system notification (`systemNotify.ts`).
 */
export function UnreadWatch() {
  const { api } = useHostServices();
  const user = useAtomValue(userInfoAtom);
  const im = useAtomValue(systemConfigAtom)?.im ?? null;
  const setCount = useSetAtom(unreadCountAtom);
  const signedIn = user !== null;

  const notifySystem = useMemo(() => createSystemNotifier(api), [api]);
  const last = useRef<MessageUnreadCount | null>(null);
  const refresh = useCallback(() => {
    fetchUnreadCount(api).then((count) => {
      last.current = count;
      setCount(count);
    }, () => undefined);
  }, [api, setCount]);
  // A pushed notice: the count again, and a background tab's system notification of a new 系统通知 (systemNotify.ts).
  const pushed = useCallback(() => {
    const before = last.current;
    fetchUnreadCount(api).then((count) => {
      last.current = count;
      setCount(count);
      void notifySystem(before, count);
    }, () => undefined);
  }, [api, notifySystem, setCount]);
  // A fan alert: its 赛事 message counts at once (written by the server's fan-out job soon after; no other notice comes for it).
  const alerted = useCallback(() => {
    setCount((count) => (count === null ? count : { ...count, match: count.match + 1, total: count.total + 1 }));
    if (last.current !== null) last.current = { ...last.current, match: last.current.match + 1, total: last.current.total + 1 };
  }, [setCount]);

  useEffect(() => {
    if (!signedIn) {
      last.current = null;
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
    return startUnreadPush(api, im, { onNotice: pushed, onAlertMessage: alerted });
    // The connection follows the member and the chat's address, not every new config object.
  }, [signedIn, provider, socketPath, api, pushed, alerted]);

  return null;
}

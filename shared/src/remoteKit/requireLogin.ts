import type { RemoteContext } from '../contract/remoteContract';
import { sharedMessages } from '../messages/zhCN';
import { userInfoAtom } from '../store/persistedAtoms';

/** How long the please-log-in warning stays up (the original site's 3 s); the host's guard is this one too. */
export const LOGIN_WARNING_DURATION_MS = 3_000;

/**
 * SPEC.md section 6 for a remote: a visitor's protected action shows 请登录后操作 and opens the
 * login modal (through the bus; the host owns both), and answers false; a member, true.
 */
export function requireLogin({ store, eventBus }: Pick<RemoteContext, 'store' | 'eventBus'>): boolean {
  if (store.get(userInfoAtom)) return true;
  eventBus.emit('toast', { kind: 'warning', message: sharedMessages.loginRequired, durationMs: LOGIN_WARNING_DURATION_MS });
  eventBus.emit('login:open', { mode: 'code' });
  return false;
}

import { useCallback } from 'react';
import { sharedMessages, userInfoAtom } from '@sports/shared';
import { useHostServices } from '../app/hostServices';

/** How long the please-log-in warning stays up (the original site's 3 s). */
export const LOGIN_WARNING_DURATION_MS = 3000;

/**
 * Guard for protected actions (SPEC.md section 6): `if (!requireLogin()) return;`. For a visitor
 * it shows 请登录后操作 and opens the login modal, and answers false; for a member, true.
 * The store is read when the guard runs, so a login a moment ago counts.
 */
export function useRequireLogin(): () => boolean {
  const { store, eventBus } = useHostServices();
  return useCallback(() => {
    if (store.get(userInfoAtom)) return true;
    eventBus.emit('toast', { kind: 'warning', message: sharedMessages.loginRequired, durationMs: LOGIN_WARNING_DURATION_MS });
    eventBus.emit('login:open', { mode: 'code' });
    return false;
  }, [store, eventBus]);
}

import { useCallback } from 'react';
import { requireLogin } from '@sports/shared';
import { useHostServices } from '../app/hostServices';

/**
 * Guard for protected actions (SPEC.md section 6): `if (!requireLogin()) return;`. The host's
 * hook over the one guard remotes use too (@sports/shared remoteKit/requireLogin.ts): a visitor
 * gets 请登录后操作 and the login modal, and false; a member, true. The store is read when the
 * guard runs, so a login a moment ago counts.
 */
export function useRequireLogin(): () => boolean {
  const { store, eventBus } = useHostServices();
  return useCallback(() => requireLogin({ store, eventBus }), [store, eventBus]);
}

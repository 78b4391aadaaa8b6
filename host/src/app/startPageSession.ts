import { systemConfigAtom, userInfoAtom, type RemoteContext, type SystemConfig } from '@sports/shared';
import { loadProfile } from '../account/loadProfile';

/** The system configuration's call; every page's first script starts it early (index.html, firstPaint/README.md). */
export const SYSTEM_CONFIG_PATH = 'api/universal/getHot';

/** Load the system configuration (title suffix, country codes, socket address) into the store. */
export async function loadSystemConfig({ api, store }: RemoteContext): Promise<void> {
  const config = await api.get<SystemConfig>(SYSTEM_CONFIG_PATH);
  store.set(systemConfigAtom, config);
}

/**
 * A page that remembers a logged-in user refreshes that user from the server: the saved user
 * (and so the session store's name, avatar and data) becomes the profile, field by field as
 * after login. A profile answer without data is refused as every profile read is ('Verification
 * failed, please Login again.', logged out here). An ended session answers 700 or 5001x, which
 * the API client turns into the SPEC.md section 8 behaviour.
 */
export async function refreshSavedUser(services: RemoteContext): Promise<void> {
  if (!services.store.get(userInfoAtom)) return;
  const refreshed = await loadProfile(services);
  if (!refreshed) services.eventBus.emit('session:cleared', { reason: 'loginRequired' });
}

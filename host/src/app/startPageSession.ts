import { systemConfigAtom, userInfoAtom, type RemoteContext, type SystemConfig, type UserInfo } from '@sports/shared';

/** Load the system configuration (title suffix, country codes, socket address) into the store. */
export async function loadSystemConfig({ api, store }: RemoteContext): Promise<void> {
  const config = await api.get<SystemConfig>('api/universal/getHot');
  store.set(systemConfigAtom, config);
}

/**
 * A page that remembers a logged-in user refreshes that user from the server. An ended session
 * answers 700 or 5001x, which the API client turns into the SPEC.md section 8 behaviour.
 */
export async function refreshSavedUser({ api, store }: RemoteContext): Promise<void> {
  if (!store.get(userInfoAtom)) return;
  const fresh = await api.get<UserInfo>('api/user/info');
  store.set(userInfoAtom, { ...store.get(userInfoAtom), ...fresh });
}

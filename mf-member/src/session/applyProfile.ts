import { toSavedUser, userInfoAtom, type RemoteContext, type UserProfile } from '@sports/shared';

/**
 * After the member changes their profile here, the host's user menu (and every other reader of
 * `userInfoAtom`) shows it at once: the contract lets a remote write the shared atoms through
 * `context.store` (shared/src/contract/remoteContract.ts). Only the SPEC.md section 3 user fields
 * are kept (`toSavedUser`, as the host does: nothing else reaches localStorage), and nothing
 * is written once the user has logged out meanwhile (a late answer must not log them back in).
 */
export function applyProfileToSession(store: RemoteContext['store'], profile: UserProfile): void {
  const current = store.get(userInfoAtom);
  if (current === null) return;
  const next = { ...current, ...toSavedUser(profile) };
  store.set(userInfoAtom, next);
}

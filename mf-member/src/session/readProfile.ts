import { ERROR_TOAST_DURATION_MS, clearSavedSession, sharedMessages, type RemoteContext, type UserProfile } from '@sports/shared';
import { memberApi } from '../api/memberApi';
import { applyProfileToSession } from './applyProfile';

/** A profile answer without data (SPEC.md section 5): the page shows it failed, and the session is gone. */
export class EmptyProfileError extends Error {
  constructor() {
    super(sharedMessages.verificationFailed);
  }
}

/**
 * Every profile read of mf-member (`GET api/user/info`): SPEC.md section 5's rule holds here as in
 * the host. An answer without data is refused with 'Verification failed, please Login again.':
 * the saved user is forgotten (the host then shows the logged-out header) and the read fails.
 * A good answer also refreshes the shared session (name, avatar, data follow it).
 */
export async function readProfile(context: Pick<RemoteContext, 'api' | 'store' | 'eventBus'>): Promise<UserProfile> {
  const profile = (await memberApi(context.api).profile()) as UserProfile | null | undefined;
  if (profile === null || profile === undefined || typeof profile !== 'object') {
    clearSavedSession(context.store);
    context.eventBus.emit('toast', { kind: 'error', message: sharedMessages.verificationFailed, durationMs: ERROR_TOAST_DURATION_MS });
    throw new EmptyProfileError();
  }
  applyProfileToSession(context.store, profile);
  return profile;
}

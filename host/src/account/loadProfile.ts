import { clearSavedSession, ERROR_TOAST_DURATION_MS, toSavedUser, userInfoAtom, type RemoteContext } from '@sports/shared';
import { signOutQuietly } from '../feedback/signOut';
import { hostMessages } from '../messages';
import { accountApi } from './accountApi';

type Services = Pick<RemoteContext, 'api' | 'store' | 'eventBus'>;

/**
 * Every profile read of the host (after login or registration, and the refresh at page load):
 * `GET api/user/info`, then the saved user (`userInfoAtom`, which the session store's name,
 * avatar and data follow) is the profile. An answer without data is SPEC.md section 5's
 * refusal: the server session is ended, the saved user forgotten, and 'Verification failed,
 * please Login again.' shown; answers false. Its own file: the page's start needs it, while
 * the form's actions (accountActions.ts) are in the form's chunk.
 */
export async function loadProfile(services: Services): Promise<boolean> {
  const profile = await accountApi.info(services.api);
  if (profile === null || profile === undefined || typeof profile !== 'object') {
    await signOutQuietly(services.api);
    clearSavedSession(services.store);
    services.eventBus.emit('toast', { kind: 'error', message: hostMessages.account.verificationFailed, durationMs: ERROR_TOAST_DURATION_MS });
    return false;
  }
  services.store.set(userInfoAtom, toSavedUser(profile));
  return true;
}

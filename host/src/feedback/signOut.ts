import type { ApiClient } from '@sports/shared';

export const SIGN_OUT_PATH = 'api/Member/SignOut';

/**
 * Tells the server the session ends. Best effort: the user is leaving either way, and a failure
 * (already signed out, network down) must not keep them logged in here.
 */
export async function signOutQuietly(api: ApiClient): Promise<void> {
  try {
    await api.post(SIGN_OUT_PATH);
  } catch {
    // Ignored on purpose, see above; the shared client already reported it if it was worth it.
  }
}

import type { UserProfile } from '../schemas/accounts';
import type { UserInfo } from './persistedAtoms';

/**
 * What the page keeps of the logged-in user (SPEC.md section 3, User info), field by field so
 * nothing else the server answers (above all a token) ends up in localStorage. The host saves a
 * profile with it after login and at page load, a remote after the member changed it.
 */
export function toSavedUser(profile: UserProfile): UserInfo {
  return {
    id: profile.id,
    user_nickname: profile.user_nickname,
    avatar: profile.avatar,
    exp: profile.exp,
    balance: profile.balance,
    is_anchor: profile.is_anchor,
  };
}

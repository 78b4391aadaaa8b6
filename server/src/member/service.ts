import type { UpdateInfoRequest, UserProfile } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { AccountServices } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { isOwnUpload } from '../uploads/index';
import { isPresetAvatar } from '../accounts/index';
import { loadSessionUser, toUserProfile } from '../accounts/index';

/** Control characters, zero-width and bidi-override characters: invisible or misleading in a name. */
const INVALID_NICKNAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

/** `updateInfo`: nickname (trimmed, visible characters) and avatar (a preset or an own upload). */
export async function updateProfile(db: Kysely<Database>, services: AccountServices, userId: number, request: UpdateInfoRequest): Promise<UserProfile> {
  const patch: { user_nickname?: string; avatar?: string } = {};
  if (request.user_nickname !== undefined) {
    const nickname = request.user_nickname.trim();
    if (nickname === '') throw errors.NICKNAME_EMPTY();
    if (INVALID_NICKNAME_CHARS.test(nickname)) throw errors.NICKNAME_INVALID();
    patch.user_nickname = nickname;
  }
  if (request.avatar !== undefined) {
    if (!isPresetAvatar(request.avatar) && !(await isOwnUpload(db, services, userId, request.avatar))) throw errors.AVATAR_INVALID();
    patch.avatar = request.avatar;
  }
  if (Object.keys(patch).length === 0) throw errors.PROFILE_NOTHING_TO_CHANGE();
  await db.updateTable('app_user').set(patch).where('id', '=', userId).execute();
  return toUserProfile(await loadSessionUser(db, userId));
}

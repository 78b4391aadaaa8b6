import type { UpdateInfoRequest, UserProfile } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { type AccountServices, type NicknameFilter, isBlockedNickname, isPresetAvatar, isReservedName, loadSessionUser, looksLikeDefaultNickname, normalizeName, toUserProfile } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { isOwnUpload } from '../uploads/index';

/** Control characters, zero-width and bidi-override characters: invisible or misleading in a name. */
const INVALID_NICKNAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

/**
 * `updateInfo`: nickname and avatar (a preset or an own upload). A nickname is trimmed, visible
 * characters only, 1-16 long (the schema), not reserved, not default-looking, not blocked, and
 * nobody else's, compared normalised (accounts/nicknames.ts): `nickname_key` is unique in the
 * database (migration 0010), so two members cannot take one name at once.
 */
export async function updateProfile(
  db: Kysely<Database>,
  services: AccountServices,
  userId: number,
  request: UpdateInfoRequest,
  /** The sensitive-word filter (`app.moderation`). */
  filter: NicknameFilter,
): Promise<UserProfile> {
  const patch: { user_nickname?: string; avatar?: string } = {};
  if (request.user_nickname !== undefined) {
    const nickname = request.user_nickname.trim();
    if (nickname === '') throw errors.NICKNAME_EMPTY();
    if (INVALID_NICKNAME_CHARS.test(nickname)) throw errors.NICKNAME_INVALID();
    if (isReservedName(nickname) || looksLikeDefaultNickname(nickname)) throw errors.NICKNAME_RESERVED();
    if (isBlockedNickname(nickname, filter)) throw errors.NICKNAME_BLOCKED();
    patch.user_nickname = nickname;
  }
  if (request.avatar !== undefined) {
    if (!isPresetAvatar(request.avatar) && !(await isOwnUpload(db, services, userId, request.avatar))) throw errors.AVATAR_INVALID();
    patch.avatar = request.avatar;
  }
  if (Object.keys(patch).length === 0) throw errors.PROFILE_NOTHING_TO_CHANGE();
  const nickname = patch.user_nickname;
  const nicknameKey = nickname === undefined ? undefined : normalizeName(nickname);
  try {
    await db.transaction().execute(async (trx) => {
      if (nickname !== undefined && nicknameKey !== undefined) {
        // Names chosen before nickname_key existed are only in user_nickname: compared too.
        const { rows } = await sql<{ id: number }>`
          select id from app_user where id <> ${userId} and (nickname_key = ${nicknameKey} or lower(user_nickname) = lower(${nickname})) limit 1`.execute(trx);
        if (rows.length > 0) throw errors.NICKNAME_TAKEN();
      }
      await trx
        .updateTable('app_user')
        .set({ ...patch, ...(nicknameKey !== undefined ? { nickname_key: nicknameKey } : {}) })
        .where('id', '=', userId)
        .execute();
    });
  } catch (error) {
    // Two members taking the same name at once: the unique index lets one through.
    if ((error as { code?: string; constraint?: string }).constraint === 'app_user_nickname_key_idx') throw errors.NICKNAME_TAKEN();
    throw error;
  }
  return toUserProfile(await loadSessionUser(db, userId));
}

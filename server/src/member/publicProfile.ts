import { type PublicUserInfo, levelOf } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { isAcceptableCover } from '../live/index';

/**
 * `api/User/getUserInfo?user_id=`: another user's public page. Only what anyone may see is read
 * (never the mobile, balance, real name or ID number), and the response schema is the second
 * fence: a column added to the query by mistake is not serialized.
 */
export async function publicUserInfo(db: Kysely<Database>, userId: number, viewerId: number | null): Promise<PublicUserInfo> {
  const user = await db
    .selectFrom('app_user as u')
    .leftJoin('live_room as r', 'r.owner_id', 'u.id')
    .select(['u.id', 'u.user_nickname', 'u.avatar', 'u.is_anchor', 'u.exp'])
    .select(['r.id as room_id', 'r.title', 'r.type', 'r.cover', 'r.stream_status'])
    .select((eb) => eb.selectFrom('user_follow as f').select((inner) => inner.fn.countAll<string>().as('n')).whereRef('f.anchor_id', '=', 'u.id').as('fans'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (user === undefined) throw errors.MEMBER_USER_NOT_FOUND();
  const follows =
    viewerId !== null && viewerId !== userId
      ? (await db.selectFrom('user_follow').select('anchor_id').where('follower_id', '=', viewerId).where('anchor_id', '=', userId).executeTakeFirst()) !== undefined
      : false;
  const room =
    user.room_id === null || user.title === null || user.type === null || user.stream_status === null
      ? null
      : {
          room_id: user.room_id,
          title: user.title,
          type: user.type,
          // A cover the checks would refuse now (stored before them) is not shown.
          cover: user.cover !== null && isAcceptableCover(user.cover, null) ? user.cover : '',
          stream_status: user.stream_status,
          is_live: user.stream_status === 'live' ? (1 as const) : (0 as const),
        };
  return {
    id: user.id,
    user_nickname: user.user_nickname,
    avatar: user.avatar,
    // The shared level table (the user menu and the personal centre read the same).
    level: levelOf(user.exp),
    is_anchor: user.is_anchor,
    room,
    fans: Number(user.fans ?? 0),
    is_attention: follows ? 1 : 0,
  };
}

import type { AttentionItem, AttentionRequest, AttentionResult, Follower, FollowerListQuery, PageOf, PageQuery } from '@sports/shared/server';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { containsPattern } from '../infra/db/likePattern';
import { errors } from '../infra/http/errorCatalogue';
import { pageOf, pageWindow } from '../infra/http/pagination';
import { tellMembersSelect } from '../messages/index';
import type { RoomPresence } from './presence';
import { fansOf, flag, roomCards } from './roomCards';

async function fanCount(db: Kysely<Database>, anchorId: number): Promise<number> {
  const row = await db.selectFrom('user_follow').select((eb) => eb.fn.countAll<number>().as('n')).where('anchor_id', '=', anchorId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * `attention`: follow (1) or unfollow (0) an anchor; without `attention` it toggles. Only
 * anchors can be followed, and not oneself. Following twice is one follow (primary key).
 */
export async function attention(db: Kysely<Database>, followerId: number, request: AttentionRequest): Promise<AttentionResult> {
  if (request.anchor_id === followerId) throw errors.LIVE_CANNOT_FOLLOW_SELF();
  const anchor = await db.selectFrom('app_user').select(['id', 'is_anchor']).where('id', '=', request.anchor_id).executeTakeFirst();
  if (anchor === undefined || anchor.is_anchor !== 1) throw errors.LIVE_ANCHOR_NOT_FOUND();

  const following = await db.transaction().execute(async (trx) => {
    const where = { follower_id: followerId, anchor_id: anchor.id };
    if (request.attention === 0) {
      await trx.deleteFrom('user_follow').where('follower_id', '=', followerId).where('anchor_id', '=', anchor.id).execute();
      return false;
    }
    if (request.attention === 1) {
      const added = await trx.insertInto('user_follow').values(where).onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
      if (added.numInsertedOrUpdatedRows !== undefined && added.numInsertedOrUpdatedRows > 0n) await tellOfFollow(trx, followerId, anchor.id);
      return true;
    }
    // A toggle reads then writes: two at once (a double click) would both see "not following" and
    // both answer "followed". Locking the follower's row makes one follower's toggles take turns.
    await trx.selectFrom('app_user').select('id').where('id', '=', followerId).forUpdate().execute();
    const removed = await trx.deleteFrom('user_follow').where('follower_id', '=', followerId).where('anchor_id', '=', anchor.id).executeTakeFirst();
    if (removed.numDeletedRows > 0n) return false;
    await trx.insertInto('user_follow').values(where).onConflict((conflict) => conflict.doNothing()).execute();
    await tellOfFollow(trx, followerId, anchor.id);
    return true;
  });
  return { anchor_id: anchor.id, is_attention: following ? 1 : 0, fans: await fanCount(db, anchor.id) };
}

/** The anchor's 互动 message (message centre): a new follower, once per follower however often they re-follow. */
async function tellOfFollow(trx: Transaction<Database>, followerId: number, anchorId: number): Promise<void> {
  await tellMembersSelect(trx, sql`
    select ${anchorId}::bigint, 'interaction', 'new_follower', '新粉丝', user_nickname || ' 关注了你', '#/about-user?id=' || id, 'follow:' || id
    from app_user where id = ${followerId}`);
}

/** `attentionList`: the anchors I follow, those live now first, then the most recently followed. */
export async function attentionList(db: Kysely<Database>, presence: RoomPresence, followerId: number, query: PageQuery): Promise<PageOf<AttentionItem>> {
  const window = pageWindow(query);
  const base = db.selectFrom('user_follow as f').where('f.follower_id', '=', followerId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .innerJoin('app_user as u', 'u.id', 'f.anchor_id')
    .leftJoin('live_room as r', 'r.owner_id', 'f.anchor_id')
    .select(['u.id as owner_id', 'u.user_nickname', 'u.avatar', 'f.created_at', 'r.id as room_id'])
    .select(fansOf('u.id').as('fans'))
    .orderBy(sql`coalesce(r.stream_status = 'live', false)`, 'desc')
    .orderBy('f.created_at', 'desc')
    .orderBy('f.anchor_id')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  const cards = await roomCards(db, presence, rows.flatMap((row) => (row.room_id === null ? [] : [row.room_id])));
  const cardByRoom = new Map(cards.map((card) => [card.room_id, card]));
  const list = rows.map((row) => ({
    anchor: { anchor_id: row.owner_id, user_nickname: row.user_nickname, avatar: row.avatar, fans: Number(row.fans) },
    room: row.room_id === null ? null : (cardByRoom.get(row.room_id) ?? null),
    followed_at: row.created_at.toISOString(),
  }));
  return pageOf(list, total, window);
}

/**
 * `followerList`: the users who follow me (`anchorId`), newest follow first; `keyword`: only those
 * whose nickname contains it (case-insensitive; `%`, `_` and `\` taken literally). `is_admin`: the
 * follower is already an admin of my room (0 when I have none). The owner console picks admins here.
 */
export async function followerList(db: Kysely<Database>, anchorId: number, query: FollowerListQuery): Promise<PageOf<Follower>> {
  const window = pageWindow(query);
  const keyword = query.keyword?.trim() ?? '';
  let base = db.selectFrom('user_follow as f').innerJoin('app_user as u', 'u.id', 'f.follower_id').where('f.anchor_id', '=', anchorId);
  if (keyword !== '') base = base.where(sql<boolean>`u.user_nickname ilike ${containsPattern(keyword)} escape '\\'`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(['u.id as user_id', 'u.user_nickname', 'u.avatar', 'f.created_at'])
    .select(
      sql<boolean>`exists (select 1 from live_room_admin a inner join live_room r on r.id = a.room_id where r.owner_id = ${anchorId} and a.user_id = f.follower_id)`.as('is_admin'),
    )
    .orderBy('f.created_at', 'desc')
    .orderBy('f.follower_id', 'desc')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  const list = rows.map((row) => ({
    user_id: row.user_id,
    user_nickname: row.user_nickname,
    avatar: row.avatar,
    is_admin: flag(row.is_admin),
    followed_at: row.created_at.toISOString(),
  }));
  return pageOf(list, total, window);
}

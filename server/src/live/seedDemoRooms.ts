import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { PRESET_AVATARS } from '../accounts/index';
import type { Database } from '../infra/db/schema';

/**
 * Demo anchors and their rooms, two of each type, so the live list, ranking and room pages
 * show something on a fresh `npm start` (outside production only: main.ts). The anchors have
 * no password (nobody logs in as them); their numbers start with 100, which no real Chinese
 * mobile number does. Idempotent: existing users and rooms are left as they are.
 */
export const DEMO_ANCHORS: readonly { mobile: string; nickname: string; title: string; type: 1 | 2 | 3 | 4; placard: string }[] = [
  { mobile: '86-10000000001', nickname: '老王说球', title: '英超焦点战 全场解说', type: 1, placard: '每晚八点不见不散，理性看球文明发言。' },
  { mobile: '86-10000000002', nickname: '足球小将', title: '西甲 德比夜', type: 1, placard: '' },
  { mobile: '86-10000000003', nickname: '篮板王', title: 'NBA 今日焦点', type: 2, placard: '关注主播，开播第一时间提醒。' },
  { mobile: '86-10000000004', nickname: 'CBA观察', title: 'CBA 季后赛前瞻', type: 2, placard: '' },
  { mobile: '86-10000000005', nickname: '电竞阿杰', title: '英雄联盟 职业联赛', type: 3, placard: '弹幕请勿剧透。' },
  { mobile: '86-10000000006', nickname: '峡谷小鹿', title: '王者荣耀 巅峰赛', type: 3, placard: '' },
  { mobile: '86-10000000007', nickname: '体育杂谈', title: '周末体育新闻速递', type: 4, placard: '欢迎来聊天。' },
  { mobile: '86-10000000008', nickname: '跑步达人', title: '马拉松训练直播', type: 4, placard: '' },
];

export async function seedDemoRooms(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('app_user')
    .values(DEMO_ANCHORS.map((anchor, index) => ({ mobile: anchor.mobile, user_nickname: anchor.nickname, avatar: PRESET_AVATARS[index % PRESET_AVATARS.length]?.url ?? '', is_anchor: 1 as const })))
    .onConflict((conflict) => conflict.column('mobile').doNothing())
    .execute();
  const users = await db.selectFrom('app_user').select(['id', 'mobile']).where('mobile', 'in', DEMO_ANCHORS.map((anchor) => anchor.mobile)).execute();
  const idByMobile = new Map(users.map((user) => [user.mobile, user.id]));
  const rooms = DEMO_ANCHORS.flatMap((anchor) => {
    const ownerId = idByMobile.get(anchor.mobile);
    return ownerId === undefined ? [] : [{ owner_id: ownerId, title: anchor.title, type: anchor.type, placard: anchor.placard, is_open: true }];
  });
  if (rooms.length === 0) return;
  await db.insertInto('live_room').values(rooms).onConflict((conflict) => conflict.column('owner_id').doNothing()).execute();
}

/** Room type -> the sport of the matches its demo room shows. */
const SPORT_OF_TYPE = { 1: 'football', 2: 'basketball', 3: 'esports', 4: 'general' } as const;
/** How often the demo rooms move on to a match in play (theirs finished). */
export const DEMO_ROOM_LINK_EVERY_MS = 60_000;

/**
 * Points each demo room at a match of its category, so a fresh site has score-live rooms with a
 * score bar: a room keeps its match while it is in play or about to start; otherwise it takes a
 * match in play (hot competitions first, no two demo rooms on one match), or else the next
 * kick-off. Rooms of real anchors are never touched. Returns how many rooms changed.
 */
export async function linkDemoRoomsToMatches(db: Kysely<Database>, now: Date): Promise<number> {
  const rooms = await db
    .selectFrom('live_room as r')
    .innerJoin('app_user as u', 'u.id', 'r.owner_id')
    .leftJoin('match as m', 'm.id', 'r.match_id')
    .select(['r.id', 'r.type', 'r.match_id', 'm.status', 'm.kickoff_at'])
    .where('u.mobile', 'in', DEMO_ANCHORS.map((anchor) => anchor.mobile))
    .orderBy('r.id')
    .execute();
  const taken = new Set(rooms.filter((room) => room.match_id !== null).map((room) => room.match_id as number));
  const soon = new Date(now.getTime() + 30 * 60_000);
  let changed = 0;
  for (const room of rooms) {
    const keeps = room.status === 'live' || room.status === 'halftime' || (room.status === 'scheduled' && room.kickoff_at !== null && room.kickoff_at <= soon);
    if (keeps) continue;
    const next = await db
      .selectFrom('match as m')
      .innerJoin('competition as c', 'c.id', 'm.competition_id')
      .select('m.id')
      .where('m.sport', '=', SPORT_OF_TYPE[room.type])
      .where((eb) => eb.or([eb('m.status', 'in', ['live', 'halftime']), eb.and([eb('m.status', '=', 'scheduled'), eb('m.kickoff_at', '>=', now)])]))
      .$if(taken.size > 0, (query) => query.where('m.id', 'not in', [...taken]))
      .orderBy(sql`case when m.status = 'scheduled' then 1 else 0 end`)
      .orderBy(sql`c.hot_rank nulls last`)
      .orderBy('m.kickoff_at')
      .orderBy('m.id')
      .limit(1)
      .executeTakeFirst();
    if (next === undefined || next.id === room.match_id) continue;
    if (room.match_id !== null) taken.delete(room.match_id);
    taken.add(next.id);
    await db.updateTable('live_room').set({ match_id: next.id }).where('id', '=', room.id).execute();
    changed += 1;
  }
  return changed;
}

/**
 * Links the demo rooms now and every DEMO_ROOM_LINK_EVERY_MS (local sites: main.ts). The timer
 * does not keep the process up; a failed round (database stopping) is logged and retried.
 */
export function keepDemoRoomsOnMatches(db: Kysely<Database>, log: FastifyBaseLogger, clock: () => Date = () => new Date()): () => void {
  const round = () => void linkDemoRoomsToMatches(db, clock()).catch((error: unknown) => log.debug({ err: error }, 'demo rooms: match links not updated'));
  round();
  const timer = setInterval(round, DEMO_ROOM_LINK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

import type { Kysely } from 'kysely';
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

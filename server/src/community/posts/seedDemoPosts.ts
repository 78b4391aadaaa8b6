import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';

/** Posts of the demo anchors (live/seedDemoRooms.ts, by mobile), so the circle shows something on a fresh `npm start`. */
const DEMO_POSTS: readonly { mobile: string; topic: string; text: string; hoursAgo: number; linkRoom?: boolean }[] = [
  { mobile: '86-10000000001', topic: '足球', text: '今晚英超焦点战，你们看好哪边？评论区说说你的比分预测。', hoursAgo: 1, linkRoom: true },
  { mobile: '86-10000000002', topic: '足球', text: '德比夜的看点：双方中场的对抗会决定比赛走向。', hoursAgo: 3 },
  { mobile: '86-10000000003', topic: '篮球', text: 'NBA 今日焦点：谁能拿下今晚的三双？', hoursAgo: 2, linkRoom: true },
  { mobile: '86-10000000004', topic: '篮球', text: 'CBA 季后赛前瞻整理好了，晚上直播间细聊。', hoursAgo: 6 },
  { mobile: '86-10000000005', topic: '电竞', text: '职业联赛本周赛程出炉，周末三场强强对话。', hoursAgo: 4 },
  { mobile: '86-10000000006', topic: '电竞', text: '巅峰赛冲分心得：稳住心态，少打逆风团。', hoursAgo: 9 },
  { mobile: '86-10000000007', topic: '综合', text: '周末体育新闻速递：足球、篮球、网球一网打尽。', hoursAgo: 12 },
  { mobile: '86-10000000008', topic: '世界杯', text: '回看今年夏天的世界杯，你心中本届的最佳球员是谁？', hoursAgo: 20 },
];

/**
 * Seeds the demo posts (outside production only: main.ts, after seedDemoRooms). Idempotent: an
 * anchor who has any post already gets none; a missing anchor or topic is skipped.
 */
export async function seedDemoPosts(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const users = await db.selectFrom('app_user').select(['id', 'mobile']).where('mobile', 'in', DEMO_POSTS.map((item) => item.mobile)).execute();
  if (users.length === 0) return;
  const posted = new Set((await db.selectFrom('post').select('author_id').where('author_id', 'in', users.map((user) => user.id)).execute()).map((row) => Number(row.author_id)));
  const topics = new Map((await db.selectFrom('post_topic').select(['id', 'name']).execute()).map((topic) => [topic.name, topic.id]));
  // Oldest first: the latest feed orders by id, so ids follow the posts' times.
  for (const item of [...DEMO_POSTS].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
    const user = users.find((candidate) => candidate.mobile === item.mobile);
    if (user === undefined || posted.has(Number(user.id))) continue;
    const room = item.linkRoom === true ? await db.selectFrom('live_room').select('id').where('owner_id', '=', user.id).executeTakeFirst() : undefined;
    const createdAt = new Date(now.getTime() - item.hoursAgo * 3_600_000);
    await db
      .insertInto('post')
      .values({
        author_id: user.id,
        text: item.text,
        topic_id: topics.get(item.topic) ?? null,
        room_id: room?.id ?? null,
        hot_score: sql<number>`extract(epoch from ${createdAt}::timestamptz)::float8 / 45000`,
        created_at: createdAt,
      })
      .execute();
  }
}

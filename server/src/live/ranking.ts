import type { RankingPeriod, RoomRanking, RoomRankingQuery } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { RoomGiftIncome } from './giftIncome';
import type { RoomPresence } from './presence';
import { roomCards } from './roomCards';

export const RANKING_SIZE_DEFAULT = 20;
const PERIOD_DAYS: Record<Exclude<RankingPeriod, 'all'>, number> = { week: 7, month: 30 };
/** Weight of one follower against one minute on air and one peak viewer. */
export const FAN_WEIGHT = 10;
/** Weight of one coin of gifts received (a 6-yuan recharge buys 60 coins). */
export const GIFT_COIN_WEIGHT = 1;
/**
 * `roomRanking` (#/rank, 热度): only rooms live now (a push publishing: `stream_status` 'live'),
 * and no test room (`is_test`, set by ops: testRoomsOps.ts; the title does not count): idle and
 * test rooms never fill the board.
 * The heat score = followers × 10 + minutes broadcast in the period + the highest peak of
 * viewers of one broadcast in the period + the coins of gifts the room received in the period.
 * Followers measure lasting popularity, minutes reward anchors who show up, the peak rewards
 * drawing a crowd, gifts what viewers pay for. A broadcast still on counts up to now; one that
 * began before the period counts only its part inside it. Ties: the older room first. Gift
 * income comes through `giftIncome` (app.roomGiftIncome, filled by the wallet: live does not
 * read the wallet's tables).
 */
export async function roomRanking(db: Kysely<Database>, presence: RoomPresence, giftIncome: RoomGiftIncome, query: RoomRankingQuery, now: Date): Promise<RoomRanking> {
  const period = query.period ?? 'week';
  const since = period === 'all' ? new Date(0) : new Date(now.getTime() - PERIOD_DAYS[period] * 86_400_000);
  const limit = query.limit ?? RANKING_SIZE_DEFAULT;
  const income = await giftIncome.coinsByRoom(since, now);
  const gifts = sql<{ room_id: number; coins: number }>`(select * from unnest(${income.map((row) => row.roomId)}::bigint[], ${income.map((row) => row.coins)}::bigint[]) as g(room_id, coins))`.as('gift');

  const onAir = db
    .selectFrom('broadcast as b')
    .select('b.room_id')
    .select(
      sql<number>`coalesce(sum(greatest(0, extract(epoch from least(coalesce(b.ended_at, ${now}), ${now}) - greatest(b.started_at, ${since})))), 0)::bigint`.as('seconds'),
    )
    .select(sql<number>`max(b.peak_viewers)`.as('peak'))
    .where(sql<boolean>`coalesce(b.ended_at, ${now}) > ${since}`)
    .where('b.started_at', '<=', now)
    .groupBy('b.room_id')
    .as('air');
  const fans = db.selectFrom('user_follow').select('anchor_id').select((eb) => eb.fn.countAll<number>().as('fans')).groupBy('anchor_id').as('fan');

  let ranked = db
    .selectFrom('live_room as r')
    .leftJoin(onAir, 'air.room_id', 'r.id')
    .leftJoin(fans, 'fan.anchor_id', 'r.owner_id')
    .leftJoin(gifts, 'gift.room_id', 'r.id')
    .select(['r.id'])
    .select(sql<number>`coalesce(fan.fans, 0)`.as('fans'))
    .select(sql<number>`coalesce(air.seconds, 0)`.as('seconds'))
    .select(sql<number>`coalesce(air.peak, 0)`.as('peak'))
    .select(sql<number>`coalesce(gift.coins, 0)`.as('gift_coins'))
    .select(sql<number>`(coalesce(fan.fans, 0) * ${FAN_WEIGHT} + coalesce(air.seconds, 0) / 60 + coalesce(air.peak, 0) + coalesce(gift.coins, 0) * ${GIFT_COIN_WEIGHT})::bigint`.as('score'))
    .where('r.stream_status', '=', 'live')
    .where('r.is_test', '=', false);
  if (query.type !== undefined && query.type !== 0) ranked = ranked.where('r.type', '=', query.type);
  const rows = await ranked.orderBy('score', 'desc').orderBy('r.id').limit(limit).execute();

  const cards = new Map((await roomCards(db, presence, rows.map((row) => row.id))).map((card) => [card.room_id, card]));
  const list = rows.flatMap((row, index) => {
    const room = cards.get(row.id);
    if (room === undefined) return [];
    return [{ rank: index + 1, room, fans: Number(row.fans), broadcast_seconds: Number(row.seconds), peak_viewers: Number(row.peak), gift_coins: Number(row.gift_coins), score: Number(row.score) }];
  });
  return { period, list };
}

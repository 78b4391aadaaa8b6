import type { OpsLotteryList } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { chinaDateTime } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import type { LotteryRow } from './lotteryService';
import { stateOf } from './lotteryView';

/** api/ops/lotteries: the last 50 lotteries (of a room, or all), each with its audit trail (the seed, every entry with its address and device, the winners, the ledger sets). */
export async function opsLotteries(db: Kysely<Database>, roomId: number | undefined): Promise<OpsLotteryList> {
  const lotteries = await sql<Omit<LotteryRow, 'anchor_nickname' | 'fingerprint'>>`
    select l.id::int as id, l.room_id::int as room_id, l.anchor_id::int as anchor_id, l.prize_coins::int as prize_coins, l.prize_item, l.winners, l.condition, l.password, l.medal_level,
      l.seed_hash, l.seed, l.created_at, l.ends_at, l.drawn_at, l.cancelled_at, l.refunded_coins::int as refunded_coins, l.set_id::int as set_id, l.refund_set_id::int as refund_set_id
    from lottery l ${roomId === undefined ? sql`` : sql`where l.room_id = ${roomId}`} order by l.id desc limit 50`.execute(db);
  const ids = lotteries.rows.map((lottery) => lottery.id);
  const entries =
    ids.length === 0
      ? []
      : (
          await sql<{ lottery_id: number; member_id: number; created_at: Date; via: 'api' | 'password'; ip: string | null; device: string | null; won: boolean; prize_key: string | null }>`
            select e.lottery_id::int as lottery_id, e.member_id::int as member_id, e.created_at, e.via, e.ip, e.device, e.won, s.idempotency_key as prize_key
            from lottery_entry e left join ledger_transfer_set s on s.id = e.prize_set_id where e.lottery_id = any(${ids}::bigint[]) order by e.lottery_id, e.id`.execute(db)
        ).rows;
  return {
    list: lotteries.rows.map((lottery) => {
      const mine = entries.filter((entry) => entry.lottery_id === lottery.id);
      return {
        id: lottery.id,
        room_id: lottery.room_id,
        anchor_id: lottery.anchor_id,
        prize_coins: lottery.prize_coins,
        prize_item: lottery.prize_item,
        winners: lottery.winners,
        condition: lottery.condition,
        password: lottery.password,
        medal_level: lottery.medal_level,
        state: stateOf({ ...lottery, anchor_nickname: '', fingerprint: '' }),
        seed_hash: lottery.seed_hash,
        seed: lottery.seed,
        created_at: chinaDateTime(lottery.created_at),
        ends_at: chinaDateTime(lottery.ends_at),
        drawn_at: lottery.drawn_at === null ? null : chinaDateTime(lottery.drawn_at),
        cancelled_at: lottery.cancelled_at === null ? null : chinaDateTime(lottery.cancelled_at),
        refunded_coins: lottery.refunded_coins,
        funding_set_id: lottery.set_id,
        refund_set_id: lottery.refund_set_id,
        winner_ids: mine.filter((entry) => entry.won).map((entry) => entry.member_id),
        entry_list: mine.map((entry) => ({
          member_id: entry.member_id,
          entered_at: chinaDateTime(new Date(entry.created_at)),
          via: entry.via,
          ip: entry.ip,
          device: entry.device,
          won: entry.won ? 1 : 0,
          ledger_key: entry.prize_key,
        })),
      };
    }),
  };
}

import type { Lottery, LotteryState } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { chinaDateTime } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import { drawWinners } from './lotteryDraw';
import type { LotteryRow } from './lotteryService';

/** A member's name as lines and lists show it (a member without a nickname: 用户<id>). */
export function shownName(nickname: string | null | undefined, id: number): string {
  return nickname !== null && nickname !== undefined && nickname.trim() !== '' ? nickname : `用户${id}`;
}

export async function nicknameOf(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db.selectFrom('app_user').select('user_nickname').where('id', '=', id).executeTakeFirst();
  return shownName(row?.user_nickname, id);
}

export function stateOf(lottery: LotteryRow): LotteryState {
  return lottery.cancelled_at !== null ? 'cancelled' : lottery.drawn_at !== null ? 'drawn' : 'open';
}

/** The winners of a drawn lottery in draw order (recomputed from the seed: lotteryDraw.ts), with their names. */
export async function winnersOf(db: Kysely<Database>, lotteryId: number): Promise<Array<{ member_id: number; nickname: string }>> {
  const rows = await sql<{ member_id: number; nickname: string | null }>`
    select e.member_id::int as member_id, u.user_nickname as nickname from lottery_entry e join app_user u on u.id = e.member_id where e.lottery_id = ${lotteryId} and e.won`.execute(db);
  return rows.rows.map((row) => ({ member_id: row.member_id, nickname: shownName(row.nickname, row.member_id) }));
}

/**
 * What api/Lottery/info and list answer: the lottery, its entrants' count, the viewer's entry and
 * win; once drawn the seed, every entrant's id and the winners (in draw order), so the draw can be
 * recomputed (README.md "Verifying a draw").
 */
export async function lotteryView(db: Kysely<Database>, lottery: LotteryRow, viewerId: number | null): Promise<Lottery> {
  const state = stateOf(lottery);
  const finished = state !== 'open';
  const counted = await sql<{ n: number; mine: boolean; won: boolean }>`
    select count(*)::int as n, coalesce(bool_or(member_id = ${viewerId ?? 0}), false) as mine, coalesce(bool_or(member_id = ${viewerId ?? 0} and won), false) as won
    from lottery_entry where lottery_id = ${lottery.id}`.execute(db);
  const facts = counted.rows[0] ?? { n: 0, mine: false, won: false };
  let entrantIds: number[] = [];
  let winnerList: Lottery['winner_list'] = [];
  if (finished) {
    entrantIds = (await sql<{ member_id: number }>`select member_id::int as member_id from lottery_entry where lottery_id = ${lottery.id} order by member_id`.execute(db)).rows.map((row) => row.member_id);
  }
  if (state === 'drawn') {
    const winners = await winnersOf(db, lottery.id);
    const order = drawWinners(lottery.seed, entrantIds, lottery.winners);
    const byId = new Map(winners.map((winner) => [winner.member_id, winner]));
    winnerList = order.flatMap((id) => {
      const winner = byId.get(id);
      return winner === undefined ? [] : [{ ...winner, prize_coins: lottery.prize_coins }];
    });
  }
  return {
    id: lottery.id,
    room_id: lottery.room_id,
    anchor_id: lottery.anchor_id,
    anchor_nickname: lottery.anchor_nickname,
    prize_coins: lottery.prize_coins,
    prize_item: lottery.prize_item,
    winners: lottery.winners,
    condition: lottery.condition,
    password: lottery.password,
    medal_level: lottery.medal_level,
    state,
    ends_at_ms: lottery.ends_at.getTime(),
    ends_at: chinaDateTime(lottery.ends_at),
    created_at: chinaDateTime(lottery.created_at),
    drawn_at: lottery.drawn_at !== null ? chinaDateTime(lottery.drawn_at) : lottery.cancelled_at !== null ? chinaDateTime(lottery.cancelled_at) : null,
    entrants: facts.n,
    seed_hash: lottery.seed_hash,
    seed: finished ? lottery.seed : null,
    entrant_ids: entrantIds,
    winner_list: winnerList,
    refunded_coins: lottery.refunded_coins,
    entered: viewerId !== null && facts.mine ? 1 : 0,
    won: viewerId !== null && facts.won ? 1 : 0,
  };
}

/** A room's lotteries, newest first, at most 20. */
export async function roomLotteryIds(db: Kysely<Database>, roomId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id::int as id from lottery where room_id = ${roomId} order by id desc limit 20`.execute(db);
  return rows.rows.map((row) => row.id);
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { RoomPasswords } from '../infra/roomPasswords';

/** The 口令 of the open password lotteries per room (infra/roomPasswords.ts), known to every node within LOTTERY_SWEEP_SECONDS. */
export type LotteryPasswords = RoomPasswords;

export function lotteryPasswords(db: Kysely<Database>): LotteryPasswords {
  return new RoomPasswords(async (now) =>
    (await sql<{ room_id: number; password: string }>`
      select room_id::int as room_id, password from lottery where password is not null and drawn_at is null and cancelled_at is null and ends_at > ${now}`.execute(db)).rows,
  );
}

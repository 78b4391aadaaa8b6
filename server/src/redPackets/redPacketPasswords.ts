import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { RoomPasswords } from '../infra/roomPasswords';

/** The 口令 of the open password packets per room (infra/roomPasswords.ts), known to every node within RED_PACKET_SWEEP_SECONDS. */
export type RedPacketPasswords = RoomPasswords;

export function redPacketPasswords(db: Kysely<Database>): RedPacketPasswords {
  return new RoomPasswords(async (now) =>
    (await sql<{ room_id: number; password: string }>`
      select room_id::int as room_id, password from red_packet where password is not null and finished_at is null and expires_at > ${now}`.execute(db)).rows,
  );
}

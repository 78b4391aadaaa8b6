import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';

/**
 * The 口令 of the open password lotteries per room, so that a chat line costs the database
 * nothing unless its text is one of them (like redPackets/redPacketPasswords.ts). Refreshed on
 * every sweep (a lottery opened on another node is known within LOTTERY_SWEEP_SECONDS) and added
 * to at once when this node opens one.
 */
export class LotteryPasswords {
  private byRoom = new Map<number, Set<string>>();

  constructor(private readonly db: Kysely<Database>) {}

  add(roomId: number, password: string): void {
    const set = this.byRoom.get(roomId) ?? new Set<string>();
    set.add(password);
    this.byRoom.set(roomId, set);
  }

  matches(roomId: number, text: string): boolean {
    return this.byRoom.get(roomId)?.has(text.trim()) ?? false;
  }

  async refresh(now: Date): Promise<void> {
    const rows = await sql<{ room_id: number; password: string }>`
      select room_id::int as room_id, password from lottery where password is not null and drawn_at is null and cancelled_at is null and ends_at > ${now}`.execute(this.db);
    const next = new Map<number, Set<string>>();
    for (const row of rows.rows) {
      const set = next.get(row.room_id) ?? new Set<string>();
      set.add(row.password);
      next.set(row.room_id, set);
    }
    this.byRoom = next;
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { RoomGiftCoins } from '../../live/index';

/**
 * The coins of the gifts each room received with `from <= created_at <= until` (gift_send, the
 * app clock), for the rooms' ranking: the wallet provides it to `app.roomGiftIncome` (live owns
 * the port; it never reads the wallet's tables). Only rooms that received gifts.
 */
export async function giftCoinsByRoom(db: Kysely<Database>, from: Date, until: Date): Promise<RoomGiftCoins[]> {
  const rows = await db
    .selectFrom('gift_send')
    .select('room_id')
    .select((eb) => eb.fn.sum<string>('coins').as('coins'))
    .where('created_at', '>=', from)
    .where('created_at', '<=', until)
    .groupBy('room_id')
    .execute();
  return rows.map((row) => ({ roomId: Number(row.room_id), coins: Number(row.coins) }));
}

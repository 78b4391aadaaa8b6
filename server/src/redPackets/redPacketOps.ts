import type { OpsRedPacketList } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { chinaDateTime } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';

/** api/ops/redPackets: the last 50 packets (of a room, or all), each with its audit trail. */
export async function opsRedPackets(db: Kysely<Database>, roomId: number | undefined): Promise<OpsRedPacketList> {
  const packets = await sql<{ id: number; room_id: number; funder_id: number; total_coins: number; shares: number; followers_only: boolean; password: string | null; seed_hash: string; seed: string; created_at: Date; expires_at: Date; finished_at: Date | null; refunded_coins: number | null; set_id: number; refund_set_id: number | null; entries: number }>`
    select p.id::int as id, p.room_id::int as room_id, p.funder_id::int as funder_id, p.total_coins::int as total_coins, p.shares, p.followers_only, p.password, p.seed_hash, p.seed,
      p.created_at, p.expires_at, p.finished_at, p.refunded_coins::int as refunded_coins, p.set_id::int as set_id, p.refund_set_id::int as refund_set_id,
      (select count(*)::int from red_packet_entry e where e.packet_id = p.id) as entries
    from red_packet p ${roomId === undefined ? sql`` : sql`where p.room_id = ${roomId}`} order by p.id desc limit 50`.execute(db);
  const ids = packets.rows.map((packet) => packet.id);
  const shares = ids.length === 0 ? [] : (await sql<{ packet_id: number; idx: number; amount: number; member_id: number | null; grabbed_at: Date | null; ip: string | null; device: string | null; refunded: boolean }>`
    select packet_id::int as packet_id, idx, amount::int as amount, member_id::int as member_id, grabbed_at, ip, device, refunded from red_packet_share where packet_id = any(${ids}::bigint[]) order by packet_id, idx`.execute(db)).rows;
  return {
    list: packets.rows.map((packet) => ({
      id: packet.id,
      room_id: packet.room_id,
      funder_id: packet.funder_id,
      total_coins: packet.total_coins,
      shares: packet.shares,
      followers_only: packet.followers_only ? 1 : 0,
      password: packet.password,
      seed_hash: packet.seed_hash,
      seed: packet.seed,
      created_at: chinaDateTime(packet.created_at),
      expires_at: chinaDateTime(packet.expires_at),
      finished_at: packet.finished_at === null ? null : chinaDateTime(packet.finished_at),
      refunded_coins: packet.refunded_coins,
      funding_set_id: packet.set_id,
      refund_set_id: packet.refund_set_id,
      entries: packet.entries,
      share_list: shares
        .filter((share) => share.packet_id === packet.id)
        .map((share) => ({ idx: share.idx, amount: share.amount, member_id: share.member_id, grabbed_at: share.grabbed_at === null ? null : chinaDateTime(new Date(share.grabbed_at)), ip: share.ip, device: share.device, refunded: share.refunded ? 1 : 0, ledger_key: share.member_id === null ? null : `red_packet_grab:${packet.id}:${share.member_id}` })),
    })),
  };
}

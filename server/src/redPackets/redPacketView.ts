import type { RedPacket } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { chinaDateTime } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import type { PacketRow } from './redPacketService';

/** A member's name as lines and lists show it (a member without a nickname: 用户<id>). */
export function shownName(nickname: string | null | undefined, id: number): string {
  return nickname !== null && nickname !== undefined && nickname.trim() !== '' ? nickname : `用户${id}`;
}

export async function nicknameOf(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db.selectFrom('app_user').select('user_nickname').where('id', '=', id).executeTakeFirst();
  return shownName(row?.user_nickname, id);
}

/** What api/RedPacket/info and list answer: the packet, its grabs (手气最佳 once finished), the viewer's own share; the seed only once finished. */
export async function packetView(db: Kysely<Database>, packet: PacketRow, viewerId: number | null): Promise<RedPacket> {
  const grabs = await sql<{ member_id: number; nickname: string | null; amount: number; grabbed_at: Date; idx: number }>`
    select s.member_id::int as member_id, u.user_nickname as nickname, s.amount::int as amount, s.grabbed_at, s.idx
    from red_packet_share s join app_user u on u.id = s.member_id where s.packet_id = ${packet.id} and s.member_id is not null order by s.grabbed_at, s.idx`.execute(db);
  const entered = viewerId === null || packet.password === null ? false : (await sql<{ n: number }>`select count(*)::int as n from red_packet_entry where packet_id = ${packet.id} and member_id = ${viewerId}`.execute(db)).rows[0]?.n === 1;
  const finished = packet.finished_at !== null;
  let luckiest = -1;
  if (finished) {
    grabs.rows.forEach((grab, index) => {
      const best = grabs.rows[luckiest];
      if (best === undefined || grab.amount > best.amount) luckiest = index;
    });
  }
  const mine = viewerId === null ? null : (grabs.rows.find((grab) => grab.member_id === viewerId)?.amount ?? null);
  return {
    id: packet.id,
    room_id: packet.room_id,
    funder_id: packet.funder_id,
    funder_nickname: packet.funder_nickname,
    total_coins: packet.total_coins,
    shares: packet.shares,
    grabbed_shares: grabs.rows.length,
    grabbed_coins: grabs.rows.reduce((sum, grab) => sum + grab.amount, 0),
    followers_only: packet.followers_only ? 1 : 0,
    password: packet.password,
    state: finished ? 'finished' : 'open',
    expires_at_ms: packet.expires_at.getTime(),
    expires_at: chinaDateTime(packet.expires_at),
    created_at: chinaDateTime(packet.created_at),
    refunded_coins: packet.refunded_coins,
    seed_hash: packet.seed_hash,
    seed: finished ? packet.seed : null,
    mine,
    entered: entered ? 1 : 0,
    grabs: grabs.rows.map((grab, index) => ({ member_id: grab.member_id, nickname: shownName(grab.nickname, grab.member_id), amount: grab.amount, grabbed_at: chinaDateTime(new Date(grab.grabbed_at)), luckiest: index === luckiest ? 1 : 0 })),
  };
}

/** A room's packets, newest first (the open ones and the last finished), at most 20. */
export async function roomPacketIds(db: Kysely<Database>, roomId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id::int as id from red_packet where room_id = ${roomId} order by id desc limit 20`.execute(db);
  return rows.rows.map((row) => row.id);
}

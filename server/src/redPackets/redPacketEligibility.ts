import { type Kysely, sql } from 'kysely';
import { isMainlandMobile } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import type { ClaimRequest } from './redPacketClaims';
import type { PacketRow } from './redPacketService';
import type { RedPacketsConfig } from './redPacketsConfig';

/**
 * Who may grab (README.md "Grab" and "Abuse limits"): what a grab's checks read of its member,
 * for one grab or a batch of them in ONE query (`readGrabbers`), and the rules over it
 * (`refusalOf`). The batch reads inside its transaction (redPacketClaims.ts `claimBatch`).
 */

export type EligibilityPacket = Pick<PacketRow, 'id' | 'owner_id' | 'funder_id' | 'finished_at' | 'expires_at' | 'followers_only' | 'password'>;

export interface GrabberRow {
  created_at: Date;
  mobile: string;
  nickname: string;
  follows: boolean;
  entered: boolean;
  grabbed: boolean;
  by_ip: number;
  by_device: number;
}

/** One row a grab, in their order (undefined: no such member). */
export async function readGrabbers(db: Kysely<Database>, config: RedPacketsConfig, packet: EligibilityPacket, grabs: readonly ClaimRequest[]): Promise<Array<GrabberRow | undefined>> {
  const rows = await sql<GrabberRow & { ord: string }>`
    select r.ord, u.created_at, u.mobile, coalesce(nullif(trim(u.user_nickname), ''), '用户' || u.id) as nickname,
      exists (select 1 from user_follow f where f.follower_id = u.id and f.anchor_id = ${packet.owner_id}) as follows,
      exists (select 1 from red_packet_entry e where e.packet_id = ${packet.id} and e.member_id = u.id) as entered,
      exists (select 1 from red_packet_share s where s.packet_id = ${packet.id} and s.member_id = u.id) as grabbed,
      ${config.grabsPerIp > 0 ? sql`(select count(*)::int from red_packet_share s where s.packet_id = ${packet.id} and s.ip = r.ip)` : sql`0`} as by_ip,
      ${config.grabsPerDevice > 0 ? sql`(select count(*)::int from red_packet_share s where s.packet_id = ${packet.id} and s.device = r.device)` : sql`0`} as by_device
    from unnest(${grabs.map((grab) => grab.memberId)}::bigint[], ${grabs.map((grab) => grab.ip)}::text[], ${grabs.map((grab) => grab.device)}::text[]) with ordinality as r(member_id, ip, device, ord)
    join app_user u on u.id = r.member_id`.execute(db);
  const answer: Array<GrabberRow | undefined> = new Array(grabs.length);
  for (const row of rows.rows) answer[Number(row.ord) - 1] = row;
  return answer;
}

/** The first refusal of a grab by the member read as `row` (null: it may claim a share). */
export function refusalOf(config: RedPacketsConfig, packet: EligibilityPacket, row: GrabberRow | undefined, now: Date): Error | null {
  if (row === undefined) return errors.LOGIN_REQUIRED();
  if (row.grabbed) return errors.RED_PACKET_ALREADY_GRABBED();
  if (packet.finished_at !== null) return errors.RED_PACKET_EXPIRED();
  if (packet.expires_at.getTime() <= now.getTime()) return errors.RED_PACKET_EXPIRED();
  if (packet.followers_only && !row.follows) return errors.RED_PACKET_FOLLOWERS_ONLY();
  if (packet.password !== null && !row.entered) return errors.RED_PACKET_PASSWORD_NEEDED();
  if (config.minAccountAgeHours > 0 && now.getTime() - new Date(row.created_at).getTime() < config.minAccountAgeHours * 3_600_000) return errors.RED_PACKET_ACCOUNT_TOO_NEW(config.minAccountAgeHours);
  if (config.requireMobile && !isMainlandMobile(row.mobile)) return errors.RED_PACKET_MOBILE_NEEDED();
  if (config.grabsPerIp > 0 && row.by_ip >= config.grabsPerIp) return errors.RED_PACKET_TOO_MANY_FROM_ADDRESS();
  if (config.grabsPerDevice > 0 && row.by_device >= config.grabsPerDevice) return errors.RED_PACKET_TOO_MANY_FROM_DEVICE();
  return null;
}

/** One grab's checks (one query); throws the first refusal, else answers the member's nickname. */
export async function checkEligible(db: Kysely<Database>, config: RedPacketsConfig, packet: EligibilityPacket, grab: ClaimRequest, now: Date): Promise<string> {
  if (packet.funder_id === grab.memberId) throw errors.RED_PACKET_OWN();
  const [row] = await readGrabbers(db, config, packet, [grab]);
  const refusal = refusalOf(config, packet, row, now);
  if (refusal !== null) throw refusal;
  return (row as GrabberRow).nickname;
}

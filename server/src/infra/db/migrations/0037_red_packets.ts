import { type Kysely, sql } from 'kysely';

/**
 * Red packets (红包, issue 35 section 4; server/src/redPackets/README.md).
 *
 * - A ledger account kind `red_packet_escrow` (a system account, 64 shards): a packet's coins sit
 *   there from its creation until grabbed (escrow → the grabber's coins) or refunded at expiry
 *   (escrow → the funder's coins). Coins unit; never below zero (ledger:verify covers it).
 * - `red_packet`: the room, the funder, total coins, shares, options (followers only, password),
 *   expiry, the seed's sha-256 committed at creation, the seed itself (revealed once finished),
 *   the ledger set that funded it, when it finished and what was refunded.
 * - `red_packet_share`: the split, one row per share (index, amount), precomputed from the seed at
 *   creation; a grab claims the next free row (`FOR UPDATE SKIP LOCKED`: the packet row is never
 *   locked per grab). UNIQUE (packet, member): one grab per member, in the database.
 * - `red_packet_entry`: members who sent a password packet's password as a chat line in its room.
 */
const COIN_SYSTEM = `'platform_revenue', 'payments_clearing', 'withdrawals_in_flight', 'red_packet_escrow'`;
const POINTS_SYSTEM = `'points_issued', 'prediction_pool'`;
export const RED_PACKET_ESCROW_SHARDS = 64;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account drop constraint ledger_account_kind_check`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_kind_check check (kind in ('member_coins', 'anchor_earnings', ${sql.raw(COIN_SYSTEM)}, 'member_points', ${sql.raw(POINTS_SYSTEM)}))`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_owner`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_owner check ((owner_id is null) = (kind in (${sql.raw(COIN_SYSTEM)}, ${sql.raw(POINTS_SYSTEM)})))`.execute(db);
  // Every shard row exists from the start: a packet's coins are spread over them and each grab debits a free one.
  await sql`
    with account as (insert into ledger_account (kind, owner_id, shards) values ('red_packet_escrow', null, ${sql.lit(RED_PACKET_ESCROW_SHARDS)}) returning id)
    insert into ledger_balance (account_id, shard, kind, balance) select account.id, s, 'red_packet_escrow', 0 from account, generate_series(0, ${sql.lit(RED_PACKET_ESCROW_SHARDS - 1)}) s`.execute(db);

  await sql`
    create table red_packet (
      id bigserial primary key,
      room_id bigint not null references live_room(id),
      funder_id bigint not null references app_user(id),
      total_coins bigint not null check (total_coins > 0),
      shares integer not null check (shares >= 1 and total_coins >= shares),
      followers_only boolean not null default false,
      password text check (password is null or length(password) between 1 and 20),
      idempotency_key text not null,
      fingerprint text not null,
      seed_hash text not null,
      seed text not null,
      set_id bigint not null references ledger_transfer_set(id),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      finished_at timestamptz,
      refunded_coins bigint check (refunded_coins >= 0),
      refund_set_id bigint references ledger_transfer_set(id),
      unique (funder_id, idempotency_key)
    )`.execute(db);
  await sql`create index red_packet_room_idx on red_packet (room_id, id desc)`.execute(db);
  await sql`create index red_packet_open_idx on red_packet (expires_at) where finished_at is null`.execute(db);

  await sql`
    create table red_packet_share (
      id bigserial primary key,
      packet_id bigint not null references red_packet(id),
      idx integer not null check (idx >= 0),
      amount bigint not null check (amount >= 1),
      member_id bigint references app_user(id),
      grabbed_at timestamptz,
      ip text,
      device text,
      refunded boolean not null default false,
      unique (packet_id, idx),
      unique (packet_id, member_id),
      check ((member_id is null) = (grabbed_at is null)),
      check (not (refunded and member_id is not null))
    )`.execute(db);
  await sql`create index red_packet_share_free_idx on red_packet_share (packet_id, idx) where member_id is null and not refunded`.execute(db);
  await sql`create index red_packet_share_ip_idx on red_packet_share (packet_id, ip) where ip is not null`.execute(db);
  await sql`create index red_packet_share_device_idx on red_packet_share (packet_id, device) where device is not null`.execute(db);

  await sql`
    create table red_packet_entry (
      packet_id bigint not null references red_packet(id),
      member_id bigint not null references app_user(id),
      created_at timestamptz not null default now(),
      primary key (packet_id, member_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists red_packet_entry`.execute(db);
  await sql`drop table if exists red_packet_share`.execute(db);
  await sql`drop table if exists red_packet`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Lotteries (天选时刻, issue 35 section 5; server/src/lotteries/README.md).
 *
 * - A ledger account kind `lottery_escrow` (a system account, 1 shard: a lottery is paid out in
 *   one transaction by its draw, nothing debits it in parallel): a coin lottery's prizes sit there
 *   from its creation until the draw (escrow → each winner's coins; the prizes nobody won → the
 *   anchor) or a cancellation (escrow → the anchor). Coins unit; never below zero.
 * - `lottery`: the room, its anchor, the prize (coins per winner, or an item in text), the number
 *   of winners, the entry condition (follow, password, medal level), the window's end, the seed's
 *   sha-256 committed at creation and the seed (revealed at the draw), the funding set, when it was
 *   drawn or cancelled, what went back. At most one open lottery per room (a partial unique index).
 * - `lottery_entry`: one row per entrant; UNIQUE (lottery, member): one entry per member, in the
 *   database. The address and device of an entry through the API; `won` and the prize's set once drawn.
 */
const COIN_SYSTEM = `'platform_revenue', 'payments_clearing', 'withdrawals_in_flight', 'red_packet_escrow', 'lottery_escrow'`;
const POINTS_SYSTEM = `'points_issued', 'prediction_pool'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account drop constraint ledger_account_kind_check`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_kind_check check (kind in ('member_coins', 'anchor_earnings', ${sql.raw(COIN_SYSTEM)}, 'member_points', ${sql.raw(POINTS_SYSTEM)}))`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_owner`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_owner check ((owner_id is null) = (kind in (${sql.raw(COIN_SYSTEM)}, ${sql.raw(POINTS_SYSTEM)})))`.execute(db);
  await sql`
    with account as (insert into ledger_account (kind, owner_id, shards) values ('lottery_escrow', null, 1) returning id)
    insert into ledger_balance (account_id, shard, kind, balance) select account.id, 0, 'lottery_escrow', 0 from account`.execute(db);

  await sql`
    create table lottery (
      id bigserial primary key,
      room_id bigint not null references live_room(id),
      anchor_id bigint not null references app_user(id),
      prize_coins bigint check (prize_coins > 0),
      prize_item text check (prize_item is null or length(prize_item) between 1 and 40),
      winners integer not null check (winners >= 1),
      condition text not null check (condition in ('follow', 'password', 'medal')),
      password text check (password is null or length(password) between 1 and 20),
      medal_level integer check (medal_level is null or medal_level between 1 and 20),
      idempotency_key text not null,
      fingerprint text not null,
      seed_hash text not null,
      seed text not null,
      set_id bigint references ledger_transfer_set(id),
      created_at timestamptz not null,
      ends_at timestamptz not null,
      drawn_at timestamptz,
      cancelled_at timestamptz,
      refunded_coins bigint check (refunded_coins >= 0),
      refund_set_id bigint references ledger_transfer_set(id),
      unique (anchor_id, idempotency_key),
      check ((prize_coins is null) <> (prize_item is null)),
      check ((prize_coins is null) = (set_id is null)),
      check ((condition = 'password') = (password is not null)),
      check ((condition = 'medal') = (medal_level is not null)),
      check (drawn_at is null or cancelled_at is null)
    )`.execute(db);
  await sql`create index lottery_room_idx on lottery (room_id, id desc)`.execute(db);
  await sql`create index lottery_due_idx on lottery (ends_at) where drawn_at is null and cancelled_at is null`.execute(db);
  // One open lottery per room, in the database.
  await sql`create unique index lottery_one_open_per_room on lottery (room_id) where drawn_at is null and cancelled_at is null`.execute(db);

  await sql`
    create table lottery_entry (
      id bigserial primary key,
      lottery_id bigint not null references lottery(id),
      member_id bigint not null references app_user(id),
      created_at timestamptz not null,
      via text not null check (via in ('api', 'password')),
      ip text,
      device text,
      won boolean not null default false,
      prize_set_id bigint references ledger_transfer_set(id),
      unique (lottery_id, member_id)
    )`.execute(db);
  await sql`create index lottery_entry_ip_idx on lottery_entry (lottery_id, ip) where ip is not null`.execute(db);
  await sql`create index lottery_entry_device_idx on lottery_entry (lottery_id, device) where device is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists lottery_entry`.execute(db);
  await sql`drop table if exists lottery`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Predictions (竞猜, issue 35 section 2; server/src/predictions/README.md).
 *
 * - `prediction`: one question in a room, optionally bound to a match the feed resolves (by its
 *   template's rule), 2-10 outcomes, a lock time (kick-off or a set time), its state
 *   (open → locked → settled | refunded, or cancelled: refunded by a cancel), the winning outcome
 *   and the settlement's figures. The state moves out of open/locked once, under the row's lock
 *   (predictions/settlement.ts), and the ledger set `prediction:settle:<id>` is unique: a second
 *   settlement (the feed's final event twice, a restart, another node) pays nothing.
 * - `prediction_stake`: ONE row per member and prediction (UNIQUE (prediction_id, user_id)): a
 *   member backs one outcome with one stake; the database refuses a second. Amount > 0, integer.
 *   `payout` is written by the settlement (0 for a losing stake).
 * - `prediction_audit`: what happened to a prediction (created, cancelled, settled, refunded) with
 *   who and the figures, for ops.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table prediction (
      id bigserial primary key,
      room_id bigint not null references live_room(id),
      match_id bigint references match(id),
      template text not null check (template in ('football_1x2', 'total_goals', 'basketball_winner', 'handicap', 'custom')),
      line integer check (line is null or line between 0 and 400),
      title text not null check (char_length(title) between 1 and 60),
      outcomes text[] not null check (cardinality(outcomes) between 2 and 10),
      state text not null default 'open' check (state in ('open', 'locked', 'settled', 'cancelled', 'refunded')),
      lock_at timestamptz not null,
      winning_outcome smallint check (winning_outcome is null or winning_outcome between 0 and 9),
      pool bigint,
      paid bigint,
      remainder bigint,
      settle_set_id bigint references ledger_transfer_set(id),
      settled_at timestamptz,
      created_by bigint references app_user(id),
      created_at timestamptz not null default now(),
      check (template = 'custom' or match_id is not null),
      check (state not in ('settled') or winning_outcome is not null)
    )`.execute(db);
  await sql`create index prediction_room on prediction (room_id, id desc)`.execute(db);
  // The watcher's question every tick: the predictions still to be resolved.
  await sql`create index prediction_pending on prediction (match_id) where state in ('open', 'locked')`.execute(db);

  await sql`
    create table prediction_stake (
      id bigserial primary key,
      prediction_id bigint not null references prediction(id),
      user_id bigint not null references app_user(id),
      outcome smallint not null check (outcome between 0 and 9),
      amount bigint not null check (amount > 0),
      payout bigint check (payout is null or payout >= 0),
      set_id bigint not null references ledger_transfer_set(id),
      created_at timestamptz not null default now(),
      constraint prediction_stake_one_per_member unique (prediction_id, user_id)
    )`.execute(db);
  await sql`create index prediction_stake_member on prediction_stake (user_id, id desc)`.execute(db);

  await sql`
    create table prediction_audit (
      id bigserial primary key,
      prediction_id bigint not null references prediction(id),
      action text not null check (action in ('created', 'cancelled', 'settled', 'refunded')),
      actor text not null,
      detail jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index prediction_audit_prediction on prediction_audit (prediction_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists prediction_audit`.execute(db);
  await sql`drop table if exists prediction_stake`.execute(db);
  await sql`drop table if exists prediction`.execute(db);
}

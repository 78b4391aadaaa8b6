import { type Kysely, sql } from 'kysely';

/**
 * The wallet (issue 13): a double-entry ledger and recharge orders. See server/src/wallet/README.md.
 *
 * - ledger_account: one per (kind, owner): a member's coins, an anchor's earnings (owner = the
 *   user), and the system accounts (platform revenue, payments clearing, withdrawals in flight).
 * - ledger_balance: an account's balance, split into `shards` rows so a hot account (the platform,
 *   a popular anchor) is not one row every gift waits on. Changed only by wallet/ledger.ts, in the
 *   transaction that writes the transfers. Only payments clearing (money that came from outside)
 *   may go negative.
 * - ledger_transfer_set + ledger_transfer: immutable (a trigger refuses UPDATE, DELETE, TRUNCATE);
 *   one set per idempotency key.
 * - charge_rule: recharge packages; wallet_order: a member's orders; wallet_audit: what deserves a
 *   trace (a late paid notify).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = sql`('member_coins', 'anchor_earnings', 'platform_revenue', 'payments_clearing', 'withdrawals_in_flight')`;
  await db.schema
    .createTable('ledger_account')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ${kinds}`))
    .addColumn('owner_id', 'bigint', (column) => column.references('app_user.id'))
    /** How many balance rows the account's balance is spread over (fixed when created). */
    .addColumn('shards', 'smallint', (column) => column.notNull().defaultTo(1).check(sql`shards between 1 and 256`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_account_owner', sql`(owner_id is null) = (kind in ('platform_revenue', 'payments_clearing', 'withdrawals_in_flight'))`)
    .execute();
  await db.schema.createIndex('ledger_account_owned').on('ledger_account').columns(['kind', 'owner_id']).unique().where(sql.ref('owner_id'), 'is not', null).execute();
  await db.schema.createIndex('ledger_account_system').on('ledger_account').column('kind').unique().where(sql.ref('owner_id'), 'is', null).execute();

  await db.schema
    .createTable('ledger_balance')
    .addColumn('account_id', 'bigint', (column) => column.notNull().references('ledger_account.id'))
    .addColumn('shard', 'smallint', (column) => column.notNull().check(sql`shard >= 0`))
    /** The account's kind, copied so the CHECK below can read it. */
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('balance', 'bigint', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ledger_balance_pk', ['account_id', 'shard'])
    .addCheckConstraint('ledger_balance_not_negative', sql`balance >= 0 or kind = 'payments_clearing'`)
    .execute();

  await db.schema
    .createTable('ledger_transfer_set')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('idempotency_key', 'text', (column) => column.notNull().unique().check(sql`length(idempotency_key) between 1 and 200`))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('reference', 'text', (column) => column.notNull())
    /** sha256 of the parameters: the same key with other parameters is refused. */
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('ledger_transfer')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('set_id', 'bigint', (column) => column.notNull().references('ledger_transfer_set.id'))
    .addColumn('debit_account_id', 'bigint', (column) => column.notNull().references('ledger_account.id'))
    .addColumn('credit_account_id', 'bigint', (column) => column.notNull().references('ledger_account.id'))
    .addColumn('amount', 'bigint', (column) => column.notNull().check(sql`amount > 0`))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('reference', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_transfer_two_accounts', sql`debit_account_id <> credit_account_id`)
    .execute();
  await db.schema.createIndex('ledger_transfer_set_idx').on('ledger_transfer').column('set_id').execute();
  await db.schema.createIndex('ledger_transfer_debit_idx').on('ledger_transfer').column('debit_account_id').execute();
  await db.schema.createIndex('ledger_transfer_credit_idx').on('ledger_transfer').column('credit_account_id').execute();

  // Transfers are history: nobody (the table owner included, unlike with REVOKE) rewrites it.
  await sql`
    create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger transfers are immutable (% on %)', tg_op, tg_table_name using errcode = 'P0001';
    end $$`.execute(db);
  for (const table of ['ledger_transfer_set', 'ledger_transfer']) {
    await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)} for each row execute function ledger_refuse_change()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)} for each statement execute function ledger_refuse_change()`.execute(db);
  }

  // The system accounts exist from the start (hot ones sharded 16 ways).
  await sql`insert into ledger_account (kind, owner_id, shards) values ('platform_revenue', null, 16), ('payments_clearing', null, 16), ('withdrawals_in_flight', null, 4)`.execute(db);

  await db.schema
    .createTable('charge_rule')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('price_fen', 'integer', (column) => column.notNull().check(sql`price_fen > 0`))
    .addColumn('coins', 'integer', (column) => column.notNull().check(sql`coins > 0`))
    .addColumn('bonus_coins', 'integer', (column) => column.notNull().defaultTo(0).check(sql`bonus_coins >= 0`))
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into charge_rule (price_fen, coins, bonus_coins, sort) values
    (600, 60, 0, 1), (3000, 300, 10, 2), (9800, 980, 50, 3), (19800, 1980, 150, 4), (49800, 4980, 500, 5)`.execute(db);

  await db.schema
    .createTable('wallet_order')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('order_no', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('type', 'text', (column) => column.notNull().check(sql`type in ('recharge')`))
    .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('pending', 'paid', 'cancelled', 'failed', 'expired')`))
    /** Money in fen (recharges); coins: the member's coin change. */
    .addColumn('amount_fen', 'integer', (column) => column.check(sql`amount_fen > 0`))
    .addColumn('coins', 'bigint', (column) => column.notNull())
    .addColumn('charge_rule_id', 'integer', (column) => column.references('charge_rule.id'))
    .addColumn('provider', 'text')
    .addColumn('provider_trade_no', 'text')
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    /** Paid after it had expired (honoured once, audited). */
    .addColumn('paid_late', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wallet_order_idempotency', ['user_id', 'type', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('wallet_order_user_idx').on('wallet_order').columns(['user_id', 'id desc']).execute();

  await db.schema
    .createTable('wallet_audit')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('order_no', 'text')
    .addColumn('detail', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['wallet_audit', 'wallet_order', 'charge_rule', 'ledger_transfer', 'ledger_transfer_set', 'ledger_balance', 'ledger_account']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop function if exists ledger_refuse_change()`.execute(db);
}

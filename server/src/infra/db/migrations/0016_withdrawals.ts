import { type Kysely, sql } from 'kysely';

/**
 * Earnings conversions, withdrawals, payout accounts and the payment password (issue 13;
 * server/src/wallet/README.md, "Earnings and withdrawals").
 *
 * - bank_card: a member's payout account, one per kind ('card' or 'alipay'); the number (card
 *   number or Alipay account) and the holder are AES-256-GCM ciphertext (member/idCipher.ts),
 *   with only the masked forms in clear.
 * - payment_password: argon2id hash, the wrong tries in a row and the lock they set.
 * - earnings_conversion: one applied conversion (earnings → coins), with what a retry answers.
 * - withdrawal: one request (earnings → withdrawals in flight), its masked payout account as it
 *   was, its review (paid: in flight → payments clearing; rejected: back to earnings) and the
 *   ledger sets of both. Unique per (user, key) so a retry finds the first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_card')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('card', 'alipay')`))
    .addColumn('number_cipher', 'bytea', (column) => column.notNull())
    .addColumn('number_masked', 'text', (column) => column.notNull())
    .addColumn('last4', 'text', (column) => column.notNull())
    .addColumn('bank_name', 'text', (column) => column.notNull())
    .addColumn('holder_cipher', 'bytea', (column) => column.notNull())
    .addColumn('holder_masked', 'text', (column) => column.notNull())
    .addColumn('bound_at', 'timestamptz', (column) => column.notNull())
    .addUniqueConstraint('bank_card_user_kind', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('payment_password')
    .addColumn('user_id', 'bigint', (column) => column.primaryKey().references('app_user.id'))
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('failed_tries', 'integer', (column) => column.notNull().defaultTo(0).check(sql`failed_tries >= 0`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('earnings_conversion')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('earnings_coins', 'bigint', (column) => column.notNull().check(sql`earnings_coins > 0`))
    .addColumn('coins', 'bigint', (column) => column.notNull().check(sql`coins >= 0`))
    .addColumn('platform_coins', 'bigint', (column) => column.notNull().check(sql`platform_coins >= 0`))
    .addColumn('balance_after', 'bigint', (column) => column.notNull().check(sql`balance_after >= 0`))
    .addColumn('earnings_after', 'bigint', (column) => column.notNull().check(sql`earnings_after >= 0`))
    .addColumn('order_no', 'text', (column) => column.notNull().unique())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('transfer_set_id', 'bigint', (column) => column.notNull().unique().references('ledger_transfer_set.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addUniqueConstraint('earnings_conversion_key', ['user_id', 'idempotency_key'])
    .addCheckConstraint('earnings_conversion_split', sql`coins + platform_coins = earnings_coins`)
    .execute();

  await db.schema
    .createTable('withdrawal')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('amount_fen', 'bigint', (column) => column.notNull().check(sql`amount_fen > 0`))
    .addColumn('coins', 'bigint', (column) => column.notNull().check(sql`coins > 0`))
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('pending').check(sql`state in ('pending', 'paid', 'rejected')`))
    .addColumn('account_kind', 'text', (column) => column.notNull().check(sql`account_kind in ('card', 'alipay')`))
    .addColumn('account_masked', 'text', (column) => column.notNull())
    .addColumn('bank_name', 'text', (column) => column.notNull())
    .addColumn('holder_masked', 'text', (column) => column.notNull())
    .addColumn('earnings_after', 'bigint', (column) => column.notNull().check(sql`earnings_after >= 0`))
    .addColumn('order_no', 'text', (column) => column.notNull().unique())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('transfer_set_id', 'bigint', (column) => column.notNull().unique().references('ledger_transfer_set.id'))
    .addColumn('review_set_id', 'bigint', (column) => column.unique().references('ledger_transfer_set.id'))
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addUniqueConstraint('withdrawal_key', ['user_id', 'idempotency_key'])
    .addCheckConstraint('withdrawal_reviewed', sql`(state = 'pending') = (reviewed_at is null) and (state = 'pending') = (review_set_id is null) and (state = 'rejected') = (reject_reason is not null)`)
    .execute();
  // The member's list (newest first), the day's total, the ops queue by state.
  await db.schema.createIndex('withdrawal_user').on('withdrawal').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('withdrawal_user_time').on('withdrawal').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawal_state').on('withdrawal').columns(['state', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal').execute();
  await db.schema.dropTable('earnings_conversion').execute();
  await db.schema.dropTable('payment_password').execute();
  await db.schema.dropTable('bank_card').execute();
}

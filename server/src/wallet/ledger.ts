import { createHash, randomInt } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, LedgerAccountKind } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';

/**
 * The double-entry ledger (wallet/README.md): the only code that writes ledger_transfer_set,
 * ledger_transfer and ledger_balance, and the only code that changes `app_user.balance` (kept
 * equal to the member's coin account in the same transaction).
 */

export type OwnedAccountKind = Extract<LedgerAccountKind, 'member_coins' | 'anchor_earnings' | 'member_points'>;
export type SystemAccountKind = Exclude<LedgerAccountKind, OwnedAccountKind>;
export type AccountRef = { kind: OwnedAccountKind; owner: number } | { kind: SystemAccountKind };

export interface Leg {
  from: AccountRef;
  to: AccountRef;
  /** Integer units (coins, or fen for money accounts), > 0. */
  amount: number;
}

export interface TransferSetInput {
  /** One transfer set per key, site-wide: build it from what makes the action unique (`recharge:<order_no>`, `gift:<user>:<client key>`). */
  idempotencyKey: string;
  /** What the money moved for: 'recharge', 'gift', … */
  kind: string;
  /** What it refers to (an order number, a gift record). */
  reference: string;
  legs: readonly Leg[];
}

export interface TransferResult {
  setId: number;
  createdAt: Date;
  /** True when the key had been applied before: nothing was applied now. */
  replayed: boolean;
}

export interface LedgerOptions {
  /** Balance rows of a new anchor earnings account (WALLET_HOT_SHARDS). */
  hotShards: number;
}

const DEFAULT_OPTIONS: LedgerOptions = { hotShards: 16 };
const KEY_MAX = 200;

/**
 * Accounts allowed below zero: payments clearing (money that came from outside) and points issued
 * (every point earned came from it: minus the points in circulation).
 */
const MAY_GO_NEGATIVE: ReadonlySet<LedgerAccountKind> = new Set(['payments_clearing', 'points_issued']);

/** What an account counts. Coins and points never meet in one leg: a set moving points to coins (or back) is refused. */
export type LedgerUnit = 'coins' | 'points';
export const POINTS_KINDS: readonly LedgerAccountKind[] = ['member_points', 'points_issued', 'prediction_pool'];

export function unitOf(kind: LedgerAccountKind): LedgerUnit {
  return POINTS_KINDS.includes(kind) ? 'points' : 'coins';
}

export function accountKey(ref: AccountRef): string {
  return 'owner' in ref ? `${ref.kind}:${ref.owner}` : ref.kind;
}

/** sha256 of what the set does: the same key with another fingerprint is refused. */
export function transferFingerprint(input: Omit<TransferSetInput, 'idempotencyKey'>): string {
  const canonical = JSON.stringify({ kind: input.kind, reference: input.reference, legs: input.legs.map((leg) => [accountKey(leg.from), accountKey(leg.to), leg.amount]) });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Applies a transfer set atomically inside `trx` (the caller's transaction: if this throws, it
 * must roll back). A repeated key with the same parameters answers the first set and applies
 * nothing; with other parameters it throws WALLET_IDEMPOTENCY_KEY_REUSED. A debit that would take
 * a non-negative account below zero throws WALLET_INSUFFICIENT_BALANCE.
 */
export async function transfer(trx: Transaction<Database>, input: TransferSetInput, options: LedgerOptions = DEFAULT_OPTIONS): Promise<TransferResult> {
  assertWellFormed(input);
  const fingerprint = transferFingerprint(input);
  // A concurrent insert of the same key waits here until the other commits (then: conflict) or rolls back (then: ours).
  const inserted = await trx
    .insertInto('ledger_transfer_set')
    .values({ idempotency_key: input.idempotencyKey, kind: input.kind, reference: input.reference, fingerprint })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  if (inserted === undefined) {
    const first = await trx.selectFrom('ledger_transfer_set').select(['id', 'created_at', 'fingerprint']).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow();
    if (first.fingerprint !== fingerprint) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
    return { setId: first.id, createdAt: first.created_at, replayed: true };
  }

  const accounts = await resolveAccounts(trx, input.legs, options);
  const idOf = (ref: AccountRef) => (accounts.get(accountKey(ref)) as ResolvedAccount).id;
  await trx
    .insertInto('ledger_transfer')
    .values(input.legs.map((leg) => ({ set_id: inserted.id, debit_account_id: idOf(leg.from), credit_account_id: idOf(leg.to), amount: leg.amount, kind: input.kind, reference: input.reference, created_at: inserted.created_at })))
    .execute();

  const deltas = new Map<number, number>();
  for (const leg of input.legs) {
    deltas.set(idOf(leg.from), (deltas.get(idOf(leg.from)) ?? 0) - leg.amount);
    deltas.set(idOf(leg.to), (deltas.get(idOf(leg.to)) ?? 0) + leg.amount);
  }
  const byId = new Map([...accounts.values()].map((account) => [account.id, account]));
  const memberBalances: Array<{ owner: number; balance: number }> = [];
  // Rows are locked in one global order (account id, then shard) so two sets never deadlock.
  for (const [accountId, delta] of [...deltas].sort(([a], [b]) => a - b)) {
    if (delta === 0) continue;
    const account = byId.get(accountId) as ResolvedAccount;
    const balance = await applyDelta(trx, account, delta);
    if (account.kind === 'member_coins' && account.owner !== null) memberBalances.push({ owner: account.owner, balance });
  }
  for (const { owner, balance } of memberBalances.sort((a, b) => a.owner - b.owner)) {
    await trx.updateTable('app_user').set({ balance }).where('id', '=', owner).execute();
  }
  return { setId: inserted.id, createdAt: inserted.created_at, replayed: false };
}

/** A one-leg payout from a spread escrow (`SPREAD_KINDS`) to a member's coins. */
export interface EscrowPayoutInput {
  idempotencyKey: string;
  kind: string;
  reference: string;
  escrow: SystemAccountKind;
  memberId: number;
  amount: number;
}

/**
 * transfer() of one leg escrow → member in ONE statement (a red packet's winning grab: each
 * statement is a round trip and the first thousand grabs queue for them; README "Bench" of
 * redPackets). It writes what transfer() writes, in the same lock order (the escrow's shard
 * row, taken with SKIP LOCKED, before the member's row, and only when the escrow account's id is
 * the lower: the global order by account id), creates the member's coin account on first use,
 * and answers the member's new balance. Null when the fast path does not apply (the member's
 * account id is below the escrow's, no free shard row holds the amount, or their account was
 * being created by another transaction): nothing but that account was written, call transfer().
 * The key must be new: a key applied before fails with PostgreSQL's unique violation (the set
 * is inserted without ON CONFLICT, so a debit is never left without its set).
 */
export async function transferEscrowToMember(trx: Transaction<Database>, input: EscrowPayoutInput): Promise<{ setId: number; balance: number } | null> {
  if (!SPREAD_KINDS.has(input.escrow)) throw new Error(`ledger: ${input.escrow} is not a spread escrow`);
  const set: TransferSetInput = { idempotencyKey: input.idempotencyKey, kind: input.kind, reference: input.reference, legs: [{ from: { kind: input.escrow }, to: { kind: 'member_coins', owner: input.memberId }, amount: input.amount }] };
  assertWellFormed(set);
  const rows = await sql<{ set_id: number; balance: string }>`
    with escrow as (select id from ledger_account where kind = ${input.escrow} and owner_id is null and shards > 1),
    created as (
      insert into ledger_account (kind, owner_id, shards) values ('member_coins', ${input.memberId}, 1)
      on conflict (kind, owner_id) where owner_id is not null do nothing returning id),
    member as (select id from ledger_account where kind = 'member_coins' and owner_id = ${input.memberId} union all select id from created),
    debit as (
      update ledger_balance set balance = balance - ${input.amount}
      where account_id = (select id from escrow) and (select id from escrow) < (select id from member) and shard = (
        select free.shard from ledger_balance free where free.account_id = (select id from escrow) and free.balance >= ${input.amount}
        order by random() limit 1 for update skip locked)
      returning account_id),
    set_row as (
      insert into ledger_transfer_set (idempotency_key, kind, reference, fingerprint)
      select ${input.idempotencyKey}, ${input.kind}, ${input.reference}, ${transferFingerprint(set)} from debit
      returning id, created_at),
    moved as (
      insert into ledger_transfer (set_id, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      select set_row.id, debit.account_id, member.id, ${input.amount}, ${input.kind}, ${input.reference}, set_row.created_at from set_row, debit, member),
    credit as (
      insert into ledger_balance (account_id, shard, kind, balance) select member.id, 0, 'member_coins', ${input.amount} from member, set_row
      on conflict (account_id, shard) do update set balance = ledger_balance.balance + excluded.balance
      returning balance),
    shown as (update app_user set balance = credit.balance from credit where app_user.id = ${input.memberId})
    select set_row.id::int as set_id, credit.balance from set_row, credit`.execute(trx);
  const row = rows.rows[0];
  return row === undefined ? null : { setId: row.set_id, balance: Number(row.balance) };
}

/** One payout of a batch escrow → member (`transferEscrowToMembers`). */
export interface EscrowBatchPayout {
  idempotencyKey: string;
  reference: string;
  memberId: number;
  amount: number;
}

/**
 * Many one-leg payouts escrow → member, each its own set (its key, its fingerprint, its
 * `ledger_transfer` row: what transfer() writes for it), in a few set-based statements whatever
 * their number (a red packet's winning grabs batched: redPackets/README.md "Grab"). Members must
 * be distinct and keys new: a key applied before fails with PostgreSQL's unique violation (the
 * caller's transaction rolls back whole). Locks as transfer() does: balance rows by account id
 * (members whose account id is below the escrow's, the escrow, the others), then `app_user` rows
 * by id. The escrow's total is taken from its free shard rows (SKIP LOCKED, largest first), the
 * rest, if they do not cover it, as an ordinary debit (waiting for the rows). Answers each payout's
 * set and the member's new balance, in the order given.
 */
export async function transferEscrowToMembers(trx: Transaction<Database>, input: { escrow: SystemAccountKind; kind: string; payouts: readonly EscrowBatchPayout[] }): Promise<Array<{ setId: number; balance: number }>> {
  const { escrow, kind, payouts } = input;
  if (payouts.length === 0) return [];
  if (!SPREAD_KINDS.has(escrow)) throw new Error(`ledger: ${escrow} is not a spread escrow`);
  const fingerprints = payouts.map((payout) => {
    const set: TransferSetInput = { idempotencyKey: payout.idempotencyKey, kind, reference: payout.reference, legs: [{ from: { kind: escrow }, to: { kind: 'member_coins', owner: payout.memberId }, amount: payout.amount }] };
    assertWellFormed(set);
    return transferFingerprint(set);
  });
  if (new Set(payouts.map((payout) => payout.memberId)).size !== payouts.length) throw new Error('ledger: a batch of escrow payouts names a member twice');
  // The sets, the members' accounts (created on first use) and the transfers: one statement.
  const written = await sql<{ ord: string; set_id: number; account_id: number; escrow_id: number; escrow_shards: number }>`
    with p as (select * from unnest(${payouts.map((payout) => payout.idempotencyKey)}::text[], ${payouts.map((payout) => payout.reference)}::text[], ${fingerprints}::text[],
        ${payouts.map((payout) => payout.memberId)}::bigint[], ${payouts.map((payout) => payout.amount)}::bigint[]) with ordinality as p(key, reference, fingerprint, member_id, amount, ord)),
    escrow as (select id, shards from ledger_account where kind = ${escrow} and owner_id is null),
    created as (
      insert into ledger_account (kind, owner_id, shards) select 'member_coins', p.member_id, 1 from p order by p.member_id
      on conflict (kind, owner_id) where owner_id is not null do nothing returning id, owner_id),
    accounts as (
      select a.id, a.owner_id from ledger_account a join p on a.kind = 'member_coins' and a.owner_id = p.member_id
      union all select id, owner_id from created),
    sets as (
      insert into ledger_transfer_set (idempotency_key, kind, reference, fingerprint) select p.key, ${kind}, p.reference, p.fingerprint from p order by p.ord
      returning id, idempotency_key, created_at),
    rows as (
      select p.ord, p.reference, p.amount, sets.id as set_id, sets.created_at, accounts.id as account_id, escrow.id as escrow_id, escrow.shards as escrow_shards
      from p join sets on sets.idempotency_key = p.key join accounts on accounts.owner_id = p.member_id cross join escrow),
    moved as (
      insert into ledger_transfer (set_id, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      select set_id, escrow_id, account_id, amount, ${kind}, reference, created_at from rows order by ord)
    select ord, set_id::int as set_id, account_id::int as account_id, escrow_id::int as escrow_id, escrow_shards from rows order by ord`.execute(trx);
  // A member's account created meanwhile by another transaction is not seen by this statement's snapshot.
  if (written.rows.length !== payouts.length) throw new Error(`ledger: ${written.rows.length} of ${payouts.length} escrow payouts found their accounts; run them one by one`);
  const escrowId = (written.rows[0] as { escrow_id: number }).escrow_id;
  const credits = written.rows.map((row, index) => ({ accountId: row.account_id, amount: (payouts[index] as EscrowBatchPayout).amount }));
  const balances = await creditMembers(trx, credits.filter((credit) => credit.accountId < escrowId));
  const total = payouts.reduce((sum, payout) => sum + payout.amount, 0);
  await debitSpread(trx, { id: escrowId, kind: escrow, owner: null, shards: (written.rows[0] as { escrow_shards: number }).escrow_shards }, total);
  for (const [accountId, balance] of await creditMembers(trx, credits.filter((credit) => credit.accountId > escrowId))) balances.set(accountId, balance);
  // The balance shown (app_user), locked in member id order.
  const shown = payouts.map((payout, index) => ({ id: payout.memberId, balance: balances.get(credits[index]?.accountId as number) as number })).sort((a, b) => a.id - b.id);
  await sql`
    with locked as materialized (select id from app_user where id = any(${shown.map((row) => row.id)}::bigint[]) order by id for update)
    update app_user u set balance = c.balance from unnest(${shown.map((row) => row.id)}::bigint[], ${shown.map((row) => row.balance)}::bigint[]) as c(id, balance), locked
    where u.id = c.id and locked.id = c.id`.execute(trx);
  return written.rows.map((row) => ({ setId: row.set_id, balance: balances.get(row.account_id) as number }));
}

/** Credits members' one-shard coin accounts in account id order; answers each account's new balance. */
async function creditMembers(trx: Transaction<Database>, credits: ReadonlyArray<{ accountId: number; amount: number }>): Promise<Map<number, number>> {
  if (credits.length === 0) return new Map();
  const sorted = [...credits].sort((a, b) => a.accountId - b.accountId);
  const rows = await sql<{ account_id: number; balance: string }>`
    insert into ledger_balance (account_id, shard, kind, balance)
    select c.account_id, 0, 'member_coins', c.amount from unnest(${sorted.map((credit) => credit.accountId)}::bigint[], ${sorted.map((credit) => credit.amount)}::bigint[]) with ordinality as c(account_id, amount, n) order by c.n
    on conflict (account_id, shard) do update set balance = ledger_balance.balance + excluded.balance
    returning account_id::int as account_id, balance`.execute(trx);
  return new Map(rows.rows.map((row) => [row.account_id, Number(row.balance)]));
}

/**
 * Takes `need` from a spread account: from its free shard rows, largest first (SKIP LOCKED, at
 * most 8 a statement: a batch's total is several rows' worth, and other batches keep finding
 * free ones); what they do not cover, as applyDelta takes a debit (may wait for the rows).
 */
async function debitSpread(trx: Transaction<Database>, account: ResolvedAccount, need: number): Promise<void> {
  let left = need;
  while (left > 0) {
    const taken = await sql<{ take: string }>`
      with picked as materialized (
        select shard, balance from ledger_balance where account_id = ${account.id} and balance > 0 order by balance desc, shard limit 8 for update skip locked),
      plan as (select shard, least(balance, greatest(0, ${left}::bigint - (sum(balance) over (order by balance desc, shard) - balance))) as take from picked)
      update ledger_balance b set balance = b.balance - plan.take from plan
      where b.account_id = ${account.id} and b.shard = plan.shard and plan.take > 0
      returning plan.take`.execute(trx);
    const sum = taken.rows.reduce((total, row) => total + Number(row.take), 0);
    if (sum === 0) break;
    left -= sum;
  }
  if (left > 0) await applyDelta(trx, account, -left);
}

/** transfer() in a transaction of its own. */
export function transferNow(db: Kysely<Database>, input: TransferSetInput, options?: LedgerOptions): Promise<TransferResult> {
  return db.transaction().execute((trx) => transfer(trx, input, options));
}

/** An account's balance: the sum of its shards (0 for an account never used). */
export async function balanceOf(db: Kysely<Database>, ref: AccountRef): Promise<number> {
  let query = db
    .selectFrom('ledger_balance')
    .innerJoin('ledger_account', 'ledger_account.id', 'ledger_balance.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('ledger_balance.balance'), eb.lit(0)).as('total'))
    .where('ledger_account.kind', '=', ref.kind);
  query = 'owner' in ref ? query.where('ledger_account.owner_id', '=', ref.owner) : query.where('ledger_account.owner_id', 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

interface ResolvedAccount {
  id: number;
  kind: LedgerAccountKind;
  owner: number | null;
  shards: number;
}

function assertWellFormed(input: TransferSetInput): void {
  if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > KEY_MAX) throw new Error(`ledger: idempotency key must be 1-${KEY_MAX} characters`);
  if (input.legs.length === 0) throw new Error('ledger: a transfer set needs at least one leg');
  for (const leg of input.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) throw new Error(`ledger: amount must be a positive integer, got ${leg.amount}`);
    if (accountKey(leg.from) === accountKey(leg.to)) throw new Error(`ledger: a leg moves from ${accountKey(leg.from)} to itself`);
    // A set counts one unit: every account it names is a coin account, or every one a points account.
    if (unitOf(leg.from.kind) !== unitOf(leg.to.kind) || unitOf(leg.from.kind) !== unitOf(input.legs[0]?.from.kind ?? leg.from.kind)) throw errors.WALLET_LEDGER_UNITS_MIXED();
    for (const ref of [leg.from, leg.to]) if ('owner' in ref && (!Number.isSafeInteger(ref.owner) || ref.owner <= 0)) throw new Error('ledger: bad account owner');
  }
}

/** The accounts the legs name, created on first use (a member's coins: 1 shard; an anchor's earnings: hotShards). */
async function resolveAccounts(trx: Transaction<Database>, legs: readonly Leg[], options: LedgerOptions): Promise<Map<string, ResolvedAccount>> {
  const refs = new Map<string, AccountRef>();
  for (const leg of legs) for (const ref of [leg.from, leg.to]) refs.set(accountKey(ref), ref);
  // All the existing ones in one query (each statement is a round trip: bench/gifts/README.md).
  const existing = await trx
    .selectFrom('ledger_account')
    .select(['id', 'kind', 'owner_id', 'shards'])
    .where((eb) => eb.or([...refs.values()].map((ref) => eb.and([eb('kind', '=', ref.kind), 'owner' in ref ? eb('owner_id', '=', ref.owner) : eb('owner_id', 'is', null)]))))
    .execute();
  const found = new Map<string, ResolvedAccount>();
  for (const [key, ref] of refs) {
    const owner = 'owner' in ref ? ref.owner : null;
    let row = existing.find((account) => account.kind === ref.kind && account.owner_id === owner);
    if (row === undefined && owner !== null) {
      const shards = ref.kind === 'anchor_earnings' ? options.hotShards : 1;
      const created = await trx
        .insertInto('ledger_account')
        .values({ kind: ref.kind, owner_id: owner, shards })
        .onConflict((conflict) => conflict.columns(['kind', 'owner_id']).where('owner_id', 'is not', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      // A hot account gets all its shard rows at 0 at once: a credit then always finds a free one.
      if (created !== undefined && shards > 1) {
        await trx.insertInto('ledger_balance').values(Array.from({ length: shards }, (_, shard) => ({ account_id: created.id, shard, kind: ref.kind, balance: 0 }))).execute();
      }
      row = await findAccount(trx, ref.kind, owner);
    }
    if (row === undefined) throw new Error(`ledger: no account ${key}`);
    found.set(key, { id: row.id, kind: row.kind, owner: row.owner_id, shards: row.shards });
  }
  return found;
}

function findAccount(trx: Transaction<Database>, kind: LedgerAccountKind, owner: number | null) {
  const query = trx.selectFrom('ledger_account').select(['id', 'kind', 'owner_id', 'shards']).where('kind', '=', kind);
  return (owner === null ? query.where('owner_id', 'is', null) : query.where('owner_id', '=', owner)).executeTakeFirst();
}

/**
 * Escrow accounts many transactions debit at once (red packets: every grab). A credit is spread
 * evenly over all the account's shard rows (all of them created by its migration); a debit takes
 * the whole amount from one shard row no open transaction holds and that has enough
 * (`FOR UPDATE SKIP LOCKED`), so parallel grabs never queue on a row while one is free. No such
 * row: null, and the ordinary sharded debit below locks them all.
 */
const SPREAD_KINDS: ReadonlySet<LedgerAccountKind> = new Set(['red_packet_escrow']);

async function applySpread(trx: Transaction<Database>, account: ResolvedAccount, delta: number): Promise<number | null> {
  if (delta > 0) {
    const base = Math.floor(delta / account.shards);
    const extra = delta % account.shards;
    const rows = await sql<{ balance: string }>`
      update ledger_balance set balance = balance + ${base} + (case when shard < ${extra} then 1 else 0 end)
      where account_id = ${account.id} returning balance`.execute(trx);
    if (rows.rows.length !== account.shards) throw new Error(`ledger: ${account.kind} has ${rows.rows.length} of its ${account.shards} shard rows`);
    return rows.rows.reduce((sum, row) => sum + Number(row.balance), 0);
  }
  const need = -delta;
  const row = await sql<{ balance: string }>`
    update ledger_balance set balance = balance - ${need}
    where account_id = ${account.id} and shard = (
      select free.shard from ledger_balance free where free.account_id = ${account.id} and free.balance >= ${need}
      order by random() limit 1 for update skip locked)
    returning balance`.execute(trx);
  const first = row.rows[0];
  return first === undefined ? null : Number(first.balance);
}

/** Adds delta to the account; answers the balance of the shard written (the whole balance for 1-shard accounts). */
async function applyDelta(trx: Transaction<Database>, account: ResolvedAccount, delta: number): Promise<number> {
  if (SPREAD_KINDS.has(account.kind) && account.shards > 1) {
    const spread = await applySpread(trx, account, delta);
    if (spread !== null) return spread;
  }
  if (delta > 0 || MAY_GO_NEGATIVE.has(account.kind)) {
    if (account.shards > 1) {
      // A credit to a hot account takes a shard row no open transaction holds (SKIP LOCKED), so
      // parallel gifts to one anchor never queue on a row while one is free; a lock is held to
      // the commit, so a random pick alone would meet often (bench/gifts/README.md).
      const free = await trx
        .updateTable('ledger_balance')
        .set((eb) => ({ balance: eb('balance', '+', delta) }))
        .where('account_id', '=', account.id)
        .where('shard', '=', (eb) => eb.selectFrom('ledger_balance as free').select('free.shard').where('free.account_id', '=', account.id).orderBy(sql`random()`).limit(1).forUpdate().skipLocked())
        .returning('balance')
        .executeTakeFirst();
      if (free !== undefined) return Number(free.balance);
    }
    // No free row (every existing shard held, or none written yet: the system accounts' rows are
    // created on first use): one picked at random, waiting if another transaction holds it.
    const shard = account.shards > 1 ? randomInt(account.shards) : 0;
    const row = await trx
      .insertInto('ledger_balance')
      .values({ account_id: account.id, shard, kind: account.kind, balance: delta })
      .onConflict((conflict) => conflict.columns(['account_id', 'shard']).doUpdateSet((eb) => ({ balance: eb('ledger_balance.balance', '+', eb.ref('excluded.balance')) })))
      .returning('balance')
      .executeTakeFirstOrThrow();
    return Number(row.balance);
  }
  const need = -delta;
  if (account.shards === 1) {
    // Waits for a concurrent debit of the same member, then re-checks against the committed balance.
    const row = await trx
      .updateTable('ledger_balance')
      .set((eb) => ({ balance: eb('balance', '-', need) }))
      .where('account_id', '=', account.id)
      .where('shard', '=', 0)
      .where('balance', '>=', need)
      .returning('balance')
      .executeTakeFirst();
    if (row === undefined) throw errors.WALLET_INSUFFICIENT_BALANCE();
    return Number(row.balance);
  }
  // A debit of a sharded account (rare: conversions, withdrawals) locks all its shards and takes from each in turn.
  const shards = await trx.selectFrom('ledger_balance').select(['shard', 'balance']).where('account_id', '=', account.id).orderBy('shard').forUpdate().execute();
  const total = shards.reduce((sum, row) => sum + Number(row.balance), 0);
  if (total < need) throw errors.WALLET_INSUFFICIENT_BALANCE();
  let left = need;
  for (const row of shards) {
    if (left === 0) break;
    const take = Math.min(left, Number(row.balance));
    if (take === 0) continue;
    await trx.updateTable('ledger_balance').set((eb) => ({ balance: eb('balance', '-', take) })).where('account_id', '=', account.id).where('shard', '=', row.shard).execute();
    left -= take;
  }
  return total - need;
}

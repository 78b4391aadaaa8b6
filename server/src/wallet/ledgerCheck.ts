import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { POINTS_KINDS } from './ledger';

/**
 * What `pnpm ledger:verify` and `expectLedgerClean` check: every account's balance equals the sum
 * of its transfers, the coins' balances and the points' balances each sum to zero, no transfer
 * moves between a points account and a coin account, no balance that must not be negative is, and
 * each member's `app_user.balance` equals their coin account, and the red packets' escrow holds
 * exactly their open shares, and the lotteries' escrow exactly the prizes of open coin lotteries. Answers the problems found (none: clean).
 */
export async function checkLedger(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];

  const drift = await sql<{ account_id: string; kind: string; owner_id: string | null; balance: string; transfers: string }>`
    with moved as (
      select account_id, sum(amount) as amount from (
        select credit_account_id as account_id, amount from ledger_transfer
        union all
        select debit_account_id, -amount from ledger_transfer
      ) legs group by account_id
    ), held as (
      select account_id, sum(balance) as balance from ledger_balance group by account_id
    )
    select a.id as account_id, a.kind, a.owner_id, coalesce(h.balance, 0) as balance, coalesce(m.amount, 0) as transfers
    from ledger_account a left join moved m on m.account_id = a.id left join held h on h.account_id = a.id
    where coalesce(h.balance, 0) <> coalesce(m.amount, 0)
    order by a.id`.execute(db);
  for (const row of drift.rows) {
    problems.push(`account ${row.account_id} (${row.kind}${row.owner_id === null ? '' : ` of user ${row.owner_id}`}): balance ${row.balance} but its transfers sum to ${row.transfers}`);
  }

  // Coins and points are two units on one ledger: each sums to zero on its own.
  const totals = await sql<{ unit: string; total: string | null }>`
    select case when kind in (${sql.join([...POINTS_KINDS])}) then 'points' else 'coins' end as unit, sum(balance) as total
    from ledger_balance group by 1 order by 1`.execute(db);
  for (const row of totals.rows) {
    const sum = Number(row.total ?? 0);
    if (sum === 0) continue;
    problems.push(row.unit === 'coins' ? `all balances sum to ${sum}, not 0 (double entry broken)` : `all points balances sum to ${sum}, not 0 (double entry broken)`);
  }

  const mixed = await sql<{ id: string; set_id: string; debit: string; credit: string }>`
    select t.id, t.set_id, d.kind as debit, c.kind as credit from ledger_transfer t
    join ledger_account d on d.id = t.debit_account_id join ledger_account c on c.id = t.credit_account_id
    where (d.kind in (${sql.join([...POINTS_KINDS])})) <> (c.kind in (${sql.join([...POINTS_KINDS])}))
    order by t.id`.execute(db);
  for (const row of mixed.rows) problems.push(`transfer ${row.id} (set ${row.set_id}) moves between ${row.debit} and ${row.credit}: points and coins never mix`);

  const negative = await sql<{ account_id: string; shard: number; kind: string; balance: string }>`
    select account_id, shard, kind, balance from ledger_balance where balance < 0 and kind not in ('payments_clearing', 'points_issued') order by account_id, shard`.execute(db);
  for (const row of negative.rows) problems.push(`account ${row.account_id} shard ${row.shard} (${row.kind}) is negative: ${row.balance}`);

  const wrongKind = await sql<{ account_id: string }>`
    select b.account_id from ledger_balance b join ledger_account a on a.id = b.account_id where a.kind <> b.kind or b.shard >= a.shards group by b.account_id`.execute(db);
  for (const row of wrongKind.rows) problems.push(`account ${row.account_id}: a balance row disagrees with the account (kind or shard count)`);

  const members = await sql<{ user_id: string; shown: string; ledger: string }>`
    select u.id as user_id, u.balance as shown, coalesce(sum(b.balance), 0) as ledger
    from app_user u
    left join ledger_account a on a.kind = 'member_coins' and a.owner_id = u.id
    left join ledger_balance b on b.account_id = a.id
    group by u.id, u.balance
    having u.balance <> coalesce(sum(b.balance), 0)
    order by u.id`.execute(db);
  for (const row of members.rows) problems.push(`user ${row.user_id}: app_user.balance ${row.shown} but the coin account holds ${row.ledger}`);

  // Red packets' escrow (redPackets/README.md) holds exactly the shares neither grabbed nor refunded.
  const escrow = await sql<{ held: string | null; owed: string | null }>`
    select (select sum(b.balance) from ledger_balance b where b.kind = 'red_packet_escrow') as held,
           (select sum(s.amount) from red_packet_share s where s.member_id is null and not s.refunded) as owed`.execute(db);
  const escrowRow = escrow.rows[0];
  if (escrowRow !== undefined && Number(escrowRow.held ?? 0) !== Number(escrowRow.owed ?? 0)) {
    problems.push(`red packet escrow holds ${Number(escrowRow.held ?? 0)} but the open shares sum to ${Number(escrowRow.owed ?? 0)}`);
  }

  // Lotteries' escrow (lotteries/README.md) holds exactly the prizes (coins × winners) of coin lotteries neither drawn nor cancelled.
  const lotteryEscrow = await sql<{ held: string | null; owed: string | null }>`
    select (select sum(b.balance) from ledger_balance b where b.kind = 'lottery_escrow') as held,
           (select sum(l.prize_coins * l.winners) from lottery l where l.prize_coins is not null and l.drawn_at is null and l.cancelled_at is null) as owed`.execute(db);
  const lotteryRow = lotteryEscrow.rows[0];
  if (lotteryRow !== undefined && Number(lotteryRow.held ?? 0) !== Number(lotteryRow.owed ?? 0)) {
    problems.push(`lottery escrow holds ${Number(lotteryRow.held ?? 0)} but the open lotteries' prizes sum to ${Number(lotteryRow.owed ?? 0)}`);
  }

  return problems;
}

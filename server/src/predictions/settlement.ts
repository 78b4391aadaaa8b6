import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../infra/db/schema';
import { tellMembersSelect } from '../messages/index';
import { POINTS_ISSUED } from '../points/index';
import { transfer } from '../wallet/index';

/**
 * Settlement of a prediction (predictions/README.md, "Settlement"): exactly once, set-based.
 *
 * Pari-mutuel: the pool P (every stake) is shared among the winning stakes pro rata:
 * payout = floor(amount × P / W), W the sum of the winning stakes. The remainder
 * R = P − Σ payouts (< the number of winning stakes) goes to the platform's points account
 * (`points_issued`: it leaves circulation) in the set `prediction:remainder:<id>`. No winning
 * stake (nobody backed the result, a basketball tie, a cancel, an abandoned match): every stake is
 * refunded whole.
 *
 * Exactly once: the prediction row is locked FOR UPDATE and must still be open/locked (a second
 * settlement — the feed's final event twice, a restart, another node — waits, then finds it
 * settled and pays nothing); and the ledger set `prediction:settle:<id>` is unique in the
 * database. All payouts are one INSERT … SELECT of transfers and one UPDATE of the members'
 * balance rows (each member's points account has one row), never a loop per stake.
 */

/** What ends a prediction: a winner (null: nobody wins → refund), or a cancel. */
export type Resolution = { kind: 'winner'; outcome: number | null } | { kind: 'cancel' };

export type SettleAnswer = 'settled' | 'refunded' | 'cancelled' | 'already';

export interface SettleFigures {
  answer: SettleAnswer;
  pool: number;
  paid: number;
  remainder: number;
  winners: number;
}

/** The pari-mutuel split (the same rule as the SQL; tests and the bench compare with it). */
export function pariMutuel(stakes: readonly { outcome: number; amount: number }[], winner: number | null): { payouts: number[]; remainder: number } {
  const pool = stakes.reduce((sum, stake) => sum + stake.amount, 0);
  const winning = winner === null ? 0 : stakes.filter((stake) => stake.outcome === winner).reduce((sum, stake) => sum + stake.amount, 0);
  if (winning === 0) return { payouts: stakes.map((stake) => stake.amount), remainder: 0 };
  const payouts = stakes.map((stake) => (stake.outcome === winner ? Number((BigInt(stake.amount) * BigInt(pool)) / BigInt(winning)) : 0));
  return { payouts, remainder: pool - payouts.reduce((sum, payout) => sum + payout, 0) };
}

interface Locked {
  id: number;
  state: string;
}

export async function settlePrediction(db: Kysely<Database>, predictionId: number, resolve: (row: { template: string; match_id: number | null; line: number | null }) => Resolution | null, actor: string): Promise<SettleFigures> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<Locked & { template: string; match_id: number | null; line: number | null }>`
      select id, state, template, match_id, line from prediction where id = ${predictionId} for update`.execute(trx);
    const row = rows[0];
    const none: SettleFigures = { answer: 'already', pool: 0, paid: 0, remainder: 0, winners: 0 };
    if (row === undefined || (row.state !== 'open' && row.state !== 'locked')) return none;
    const resolution = resolve(row);
    if (resolution === null) return none;
    return applySettlement(trx, predictionId, resolution, actor);
  });
}

async function applySettlement(trx: Transaction<Database>, id: number, resolution: Resolution, actor: string): Promise<SettleFigures> {
  const winner = resolution.kind === 'winner' ? resolution.outcome : null;
  const totals = (
    await sql<{ pool: string; winning: string; winners: string }>`
      select coalesce(sum(amount), 0) as pool,
             coalesce(sum(amount) filter (where outcome = ${winner ?? -1}), 0) as winning,
             count(*) filter (where outcome = ${winner ?? -1}) as winners
      from prediction_stake where prediction_id = ${id}`.execute(trx)
  ).rows[0] as { pool: string; winning: string; winners: string };
  const pool = Number(totals.pool);
  const winning = Number(totals.winning);
  const refund = winning === 0;
  const state = resolution.kind === 'cancel' ? 'cancelled' : refund ? 'refunded' : 'settled';
  const answer: SettleAnswer = state;
  const kind = refund ? 'prediction_refund' : 'prediction_payout';

  let paid = 0;
  let remainder = 0;
  let setId: number | null = null;
  if (pool > 0) {
    const key = `prediction:settle:${id}`;
    const reference = `prediction:${id}`;
    const fingerprint = createHash('sha256').update(JSON.stringify({ kind, reference, winner })).digest('hex');
    const set = await sql<{ id: number; created_at: Date }>`
      insert into ledger_transfer_set (idempotency_key, kind, reference, fingerprint) values (${key}, ${kind}, ${reference}, ${fingerprint})
      on conflict (idempotency_key) do nothing returning id, created_at`.execute(trx);
    const created = set.rows[0];
    // The key was used: this prediction was paid already (the row's state says otherwise only if written by hand).
    if (created === undefined) return { answer: 'already', pool, paid: 0, remainder: 0, winners: 0 };
    setId = Number(created.id);

    // The paid stakes (the winners', or every stake for a refund) with their account and payout, once
    // (numeric: amount × pool never overflows). A losing stake is not written: its payout stays
    // null and reads as 0 once the prediction is settled (predictionService.ts).
    await sql`drop table if exists settle_payouts`.execute(trx);
    await sql`
      create temporary table settle_payouts on commit drop as
      select s.id as stake_id, a.id as account_id,
             case when ${refund} then s.amount else floor(s.amount::numeric * ${pool} / ${winning})::bigint end as payout
      from prediction_stake s join ledger_account a on a.kind = 'member_points' and a.owner_id = s.user_id
      where s.prediction_id = ${id} and (${refund} or s.outcome = ${winner ?? -1})`.execute(trx);
    await sql`update prediction_stake s set payout = p.payout from settle_payouts p where s.id = p.stake_id`.execute(trx);
    paid = Number((await sql<{ paid: string }>`select coalesce(sum(payout), 0) as paid from settle_payouts`.execute(trx)).rows[0]?.paid ?? 0);
    remainder = pool - paid;

    const poolAccount = Number((await sql<{ id: number }>`select id from ledger_account where kind = 'prediction_pool' and owner_id is null`.execute(trx)).rows[0]?.id);
    // The ledger's order (account id, then shard): the pool's shards first (its id is below every
    // member's points account), then the members' rows. Two settlements queue here, whole.
    await sql`select shard from ledger_balance where account_id = ${poolAccount} order by shard for update`.execute(trx);
    // The remainder to the platform (points issued), through the ledger (its own set, its own key).
    if (remainder > 0) {
      await transfer(trx, { idempotencyKey: `prediction:remainder:${id}`, kind: 'prediction_remainder', reference, legs: [{ from: { kind: 'prediction_pool' }, to: POINTS_ISSUED, amount: remainder }] });
    }
    if (paid > 0) {
      // The pool's debit, taken from its shards in turn.
      const current = (await sql<{ shard: number; balance: string }>`select shard, balance from ledger_balance where account_id = ${poolAccount} order by shard`.execute(trx)).rows;
      let left = paid;
      for (const shard of current) {
        if (left === 0) break;
        const take = Math.min(left, Number(shard.balance));
        if (take <= 0) continue;
        await sql`update ledger_balance set balance = balance - ${take} where account_id = ${poolAccount} and shard = ${shard.shard}`.execute(trx);
        left -= take;
      }
      if (left > 0) throw new Error(`predictions: the pool holds less than prediction ${id} pays (${left} short)`);

      // Every payout transfer in one INSERT … SELECT, every member's row in one UPDATE (one row each).
      await sql`
        insert into ledger_transfer (set_id, debit_account_id, credit_account_id, amount, kind, reference, created_at)
        select ${setId}, ${poolAccount}, account_id, payout, ${kind}, ${reference}, ${created.created_at}
        from settle_payouts where payout > 0 order by account_id`.execute(trx);
      await sql`update ledger_balance b set balance = b.balance + p.payout from settle_payouts p where b.account_id = p.account_id and b.shard = 0 and p.payout > 0`.execute(trx);
    }
  }

  await sql`
    update prediction set state = ${state}, winning_outcome = ${state === 'settled' ? winner : null}, pool = ${pool}, paid = ${paid}, remainder = ${remainder},
      settle_set_id = ${setId}, settled_at = now()
    where id = ${id}`.execute(trx);
  await sql`
    insert into prediction_audit (prediction_id, action, actor, detail)
    values (${id}, ${state === 'settled' ? 'settled' : state === 'cancelled' ? 'cancelled' : 'refunded'}, ${actor},
            ${JSON.stringify({ winner, pool, paid, remainder, winners: Number(totals.winners), set_id: setId })}::jsonb)`.execute(trx);
  // Each staker's message (message centre, 系统通知): one INSERT … SELECT over the stakes, in this transaction.
  await tellMembersSelect(trx, sql`
    select s.user_id, 'system', case when ${state} = 'settled' and s.outcome = ${winner ?? -1} then 'prediction_won' when ${state} = 'settled' then 'prediction_lost' else 'prediction_refunded' end,
           case when ${state} = 'settled' and s.outcome = ${winner ?? -1} then '竞猜猜中' when ${state} = 'settled' then '竞猜未猜中' else '竞猜已退还' end,
           case when ${state} = 'settled' and s.outcome = ${winner ?? -1} then '「' || p.title || '」已结算：你猜中了，获得 ' || coalesce(s.payout, 0) || ' 积分。'
                when ${state} = 'settled' then '「' || p.title || '」已结算：很遗憾没有猜中。'
                else '「' || p.title || '」' || case when ${state} = 'cancelled' then '已取消' else '无人猜中' end || '，你的 ' || s.amount || ' 积分已全部退还。' end,
           '#/live?id=' || p.room_id, 'prediction:' || p.id
    from prediction_stake s join prediction p on p.id = s.prediction_id where s.prediction_id = ${id}`);
  return { answer, pool, paid, remainder, winners: Number(totals.winners) };
}

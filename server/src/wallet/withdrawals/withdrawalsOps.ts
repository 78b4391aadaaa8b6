import {
  Envelope,
  type OpsWithdrawal,
  OpsWithdrawalPageSchema,
  type OpsWithdrawalPage,
  OpsWithdrawalsQuerySchema,
  type OpsWithdrawalsQuery,
  RejectWithdrawalRequestSchema,
  WithdrawalIdParamsSchema,
  type WithdrawalReview,
  WithdrawalReviewSchema,
} from '@sports/shared/server';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { type IdCipher, maskedNames } from '../../member/index';
import { tellMember } from '../../messages/index';
import type { Clock } from '../../infra/clock';
import type { Database, WithdrawalTable } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import { errors } from '../../infra/http/errorCatalogue';
import { createRequireOps, opsActor } from '../../infra/http/opsAuth';
import type { App } from '../../infra/http/types';
import { type LedgerOptions, transfer } from '../ledger';
import { settleOrder } from '../orders';
import { toWithdrawal } from './withdrawals';

/**
 * The ops review of withdrawals (`api/ops/withdrawals`), guarded by the ops token like the other
 * ops routes. A review locks the withdrawal, refuses one already reviewed, and in one transaction
 * moves the money (approve: withdrawals in flight → payments clearing, the money has left;
 * reject: back to the member's earnings), settles the order (paid / rejected) and writes its
 * `wallet_audit` row (who, from where, why).
 */

export interface WithdrawalsOpsOptions {
  db: Kysely<Database>;
  cipher: IdCipher;
  opsToken: string;
  clock: Clock;
  ledger: LedgerOptions;
}

interface Reviewer {
  actor: string;
  ip: string;
}

const PAGE_SIZE = 20;

export async function withdrawalsOpsRoutes(app: App, options: WithdrawalsOpsOptions): Promise<void> {
  const { db, cipher, clock } = options;
  app.addHook('onRequest', createRequireOps(options.opsToken));

  app.get('/api/ops/withdrawals', { schema: { querystring: OpsWithdrawalsQuerySchema, response: { 200: Envelope(OpsWithdrawalPageSchema) } } }, async (request) =>
    ok(await listForOps(db, cipher, request.query)),
  );

  app.post('/api/ops/withdrawals/:id/approve', { schema: { params: WithdrawalIdParamsSchema, response: { 200: Envelope(WithdrawalReviewSchema) } } }, async (request) => {
    const review = await reviewWithdrawal(options, request.params.id, { decision: 'paid' }, { actor: opsActor(request), ip: request.ip }, clock());
    request.log.info({ withdrawalId: review.withdrawal.id, userId: review.withdrawal.user_id, amountFen: review.withdrawal.amount_fen }, 'withdrawal approved (paid)');
    return ok(review);
  });

  app.post(
    '/api/ops/withdrawals/:id/reject',
    { schema: { params: WithdrawalIdParamsSchema, body: RejectWithdrawalRequestSchema, response: { 200: Envelope(WithdrawalReviewSchema) } } },
    async (request) => {
      const reason = request.body.reason.trim();
      if ([...reason].length < 2) throw errors.MEMBER_REJECT_REASON_EMPTY();
      const review = await reviewWithdrawal(options, request.params.id, { decision: 'rejected', reason }, { actor: opsActor(request), ip: request.ip }, clock());
      request.log.info({ withdrawalId: review.withdrawal.id, userId: review.withdrawal.user_id }, 'withdrawal rejected (earnings back)');
      return ok(review);
    },
  );
}

/** Pending: oldest first (the queue); decided: newest first. Keyset on id either way. */
async function listForOps(db: Kysely<Database>, cipher: IdCipher, query: OpsWithdrawalsQuery): Promise<OpsWithdrawalPage> {
  const state = query.state ?? 'pending';
  const pageSize = query.page_size ?? PAGE_SIZE;
  const ascending = state === 'pending';
  let select = db.selectFrom('withdrawal').selectAll().where('state', '=', state);
  if (query.cursor !== undefined) select = select.where('id', ascending ? '>' : '<', Number(query.cursor));
  const rows = await select.orderBy('id', ascending ? 'asc' : 'desc').limit(pageSize + 1).execute();
  const page = rows.slice(0, pageSize);
  return { list: await forOps(db, cipher, page), next_cursor: rows.length > pageSize ? String((page.at(-1) as Selectable<WithdrawalTable>).id) : null };
}

async function forOps(db: Kysely<Database>, cipher: IdCipher, rows: Selectable<WithdrawalTable>[]): Promise<OpsWithdrawal[]> {
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const names = await maskedNames(db, cipher, userIds);
  const users = userIds.length === 0 ? [] : await db.selectFrom('app_user').select(['id', 'user_nickname']).where('id', 'in', userIds).execute();
  const nicknames = new Map(users.map((user) => [user.id, user.user_nickname]));
  return rows.map((row) => ({
    ...toWithdrawal(row),
    user_id: row.user_id,
    user_nickname: nicknames.get(row.user_id) ?? '',
    real_name: names.get(row.user_id) ?? '',
    holder: row.holder_masked,
    reviewed_by: row.reviewed_by,
  }));
}

type Decision = { decision: 'paid' } | { decision: 'rejected'; reason: string };

export async function reviewWithdrawal(options: Pick<WithdrawalsOpsOptions, 'db' | 'cipher' | 'ledger'>, id: number, decision: Decision, reviewer: Reviewer, now: Date): Promise<WithdrawalReview> {
  const row = await options.db.transaction().execute(async (trx) => {
    const pending = await pendingForReview(trx, id);
    const coins = Number(pending.coins);
    const set = await transfer(
      trx,
      {
        idempotencyKey: `withdrawal-review:${pending.id}`,
        kind: decision.decision === 'paid' ? 'withdrawal_paid' : 'withdrawal_rejected',
        reference: pending.order_no,
        legs: [{ from: { kind: 'withdrawals_in_flight' }, to: decision.decision === 'paid' ? { kind: 'payments_clearing' } : { kind: 'anchor_earnings', owner: pending.user_id }, amount: coins }],
      },
      options.ledger,
    );
    const reviewed = await trx
      .updateTable('withdrawal')
      .set({ state: decision.decision, review_set_id: set.setId, reviewed_by: reviewer.actor, reviewed_at: now, reject_reason: decision.decision === 'rejected' ? decision.reason : null })
      .where('id', '=', pending.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await settleOrder(trx, pending.order_no, decision.decision, now);
    await tellMember(trx, {
      memberId: Number(pending.user_id),
      tab: 'system',
      kind: decision.decision === 'paid' ? 'withdrawal_paid' : 'withdrawal_rejected',
      title: decision.decision === 'paid' ? '提现已打款' : '提现未通过',
      body: decision.decision === 'paid' ? `提现订单 ${pending.order_no} 已打款（${coins} 金币）。` : `提现订单 ${pending.order_no} 未通过审核：${decision.reason}，${coins} 金币已退回收益。`,
      link: '#/member?type=1',
      eventKey: `withdrawal:${pending.id}`,
    });
    await trx
      .insertInto('wallet_audit')
      .values({
        action: decision.decision === 'paid' ? 'withdrawal_approve' : 'withdrawal_reject',
        order_no: pending.order_no,
        detail: JSON.stringify({
          withdrawal_id: pending.id,
          user_id: pending.user_id,
          amount_fen: Number(pending.amount_fen),
          coins,
          actor: reviewer.actor,
          actor_ip: reviewer.ip.slice(0, 64),
          reason: decision.decision === 'rejected' ? decision.reason : null,
        }),
        at: now,
      })
      .execute();
    return reviewed;
  });
  const [withdrawal] = await forOps(options.db, options.cipher, [row]);
  return { withdrawal: withdrawal as OpsWithdrawal };
}

/** Locks a pending withdrawal for its review; refuses a missing or already reviewed one. */
async function pendingForReview(trx: Transaction<Database>, id: number): Promise<Selectable<WithdrawalTable>> {
  const row = await trx.selectFrom('withdrawal').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (row === undefined) throw errors.WALLET_WITHDRAWAL_NOT_FOUND();
  if (row.state !== 'pending') throw errors.WALLET_WITHDRAWAL_ALREADY_REVIEWED();
  return row;
}

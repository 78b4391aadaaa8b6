import { Envelope, PREDICTION_OPS_STAKES_SHOWN, type PredictionOpsList, PredictionOpsListSchema, PredictionOpsQuerySchema } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { chinaMinute } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { createRequireOps } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';
import type { PredictionService } from './predictionService';

const PAGE = 20;

/**
 * `GET api/ops/predictions?room_id=&cursor=` (the ops token): every prediction, newest first, with
 * its stakes count and its largest stakes (member, outcome, amount, payout, time, ledger set), the settlement's figures and ledger set, and its audit trail (created,
 * cancelled, settled, refunded: who, when, the figures).
 */
export async function predictionOpsRoutes(app: App, { db, service, opsToken }: { db: Kysely<Database>; service: PredictionService; opsToken: string }): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));
  app.get('/api/ops/predictions', { schema: { summary: 'Ops: every prediction (or a room\'s) with its stakes, payouts and audit trail', querystring: PredictionOpsQuerySchema, response: { 200: Envelope(PredictionOpsListSchema) } } }, async (request) => {
    const { room_id: roomId, cursor } = request.query;
    const { rows } = await sql<{ id: string; stakes: string; paid: string | null; remainder: string | null; settle_set_id: string | null }>`
      select p.id, (select count(*) from prediction_stake s where s.prediction_id = p.id) as stakes, p.paid, p.remainder, p.settle_set_id
      from prediction p
      where (${roomId ?? null}::bigint is null or p.room_id = ${roomId ?? null}) and (${cursor ?? null}::bigint is null or p.id < ${cursor ?? null})
      order by p.id desc limit ${PAGE + 1}`.execute(db);
    const page = rows.slice(0, PAGE);
    const ids = page.map((row) => Number(row.id));
    const audit = ids.length === 0 ? [] : (await sql<{ prediction_id: string; action: 'created' | 'cancelled' | 'settled' | 'refunded'; actor: string; detail: Record<string, unknown>; created_at: Date }>`
      select prediction_id, action, actor, detail, created_at from prediction_audit where prediction_id in (${sql.join(ids)}) order by id`.execute(db)).rows;
    // Each prediction's largest stakes (at most PREDICTION_OPS_STAKES_SHOWN), with the member and the payout.
    const stakeRows = ids.length === 0 ? [] : (await sql<{ prediction_id: string; user_id: string; nickname: string; outcome: number; amount: string; payout: string | null; created_at: Date; set_id: string }>`
      select s.prediction_id, s.user_id, coalesce(nullif(trim(u.user_nickname), ''), '用户' || s.user_id) as nickname, s.outcome, s.amount,
        -- The settlement writes the paid stakes only: a losing stake of a settled prediction paid 0.
        coalesce(s.payout, case when pr.state = 'settled' then 0 end) as payout, s.created_at, s.set_id
      from unnest(${ids}::bigint[]) as p(id)
      join prediction pr on pr.id = p.id
      cross join lateral (select * from prediction_stake s where s.prediction_id = p.id order by s.amount desc, s.id limit ${PREDICTION_OPS_STAKES_SHOWN}) s
      join app_user u on u.id = s.user_id
      order by s.prediction_id, s.amount desc, s.id`.execute(db)).rows;
    const list: PredictionOpsList['list'] = [];
    for (const row of page) {
      const id = Number(row.id);
      list.push({
        prediction: await service.info(id, null),
        stakes: Number(row.stakes),
        stake_list: stakeRows
          .filter((stake) => Number(stake.prediction_id) === id)
          .map((stake) => ({ member_id: Number(stake.user_id), nickname: stake.nickname, outcome: stake.outcome, amount: Number(stake.amount), payout: stake.payout === null ? null : Number(stake.payout), at_text: chinaMinute(stake.created_at), set_id: Number(stake.set_id) })),
        paid: row.paid === null ? null : Number(row.paid),
        remainder: row.remainder === null ? null : Number(row.remainder),
        settle_set_id: row.settle_set_id === null ? null : Number(row.settle_set_id),
        audit: audit.filter((entry) => Number(entry.prediction_id) === id).map((entry) => ({ action: entry.action, actor: entry.actor, detail: entry.detail, at: entry.created_at.getTime(), at_text: chinaMinute(entry.created_at) })),
      });
    }
    return ok({ list, next_cursor: rows.length > PAGE ? (ids.at(-1) ?? null) : null });
  });
}

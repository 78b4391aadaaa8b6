import { CHARGE_RULES_MAX, Envelope, type OpsChargeRule, OpsChargeRuleListSchema, OpsChargeRuleSchema, type SaveChargeRuleRequest, SaveChargeRuleRequestSchema } from '@sports/shared/server';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Clock } from '../infra/clock';
import type { ChargeRuleTable, Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import { createRequireOps, opsActor } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';

export interface ChargeRulesOpsOptions {
  db: Kysely<Database>;
  clock: Clock;
  opsToken: string;
}

/** Who changed it: the ops token has no user, so the actor name (X-Ops-Actor, else `ops`) and the address. */
interface Operator {
  actor: string;
  ip: string;
}

type ChargeRuleRow = Selectable<ChargeRuleTable>;

function toOpsChargeRule(row: ChargeRuleRow): OpsChargeRule {
  return { id: row.id, price_fen: row.price_fen, coins: row.coins, bonus_coins: row.bonus_coins, enabled: row.enabled, sort: row.sort, created_at: row.created_at.toISOString() };
}

/** Every package, enabled or not, in the order members see them (sort, then id). */
export async function listAllChargeRules(db: Kysely<Database>): Promise<OpsChargeRule[]> {
  const rows = await db.selectFrom('charge_rule').selectAll().orderBy('sort').orderBy('id').execute();
  return rows.map(toOpsChargeRule);
}

/**
 * Creates a package, or updates package `request.id`, and writes its `wallet_audit` row
 * (`charge_rule_created` / `charge_rule_updated`: who, from where, before and after) in the same
 * transaction. Orders already made keep the price and coins they were made with (wallet_order
 * holds its own copy); `api/chargerules/getList` reads the table, so members see the change at once.
 */
export async function saveChargeRule(db: Kysely<Database>, request: SaveChargeRuleRequest, operator: Operator, now: Date): Promise<OpsChargeRule> {
  const values = { price_fen: request.price_fen, coins: request.coins, bonus_coins: request.bonus_coins, enabled: request.enabled, sort: request.sort };
  return db.transaction().execute(async (trx) => {
    let before: ChargeRuleRow | null = null;
    let saved: ChargeRuleRow;
    if (request.id === undefined) {
      // Creates wait on each other here, so two at once cannot pass the limit together (reads do not wait).
      await sql`lock table charge_rule in share row exclusive mode`.execute(trx);
      const { n } = await trx.selectFrom('charge_rule').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      if (Number(n) >= CHARGE_RULES_MAX) throw errors.WALLET_CHARGE_RULES_TOO_MANY(CHARGE_RULES_MAX);
      saved = await trx.insertInto('charge_rule').values({ ...values, created_at: now }).returningAll().executeTakeFirstOrThrow();
    } else {
      before = (await trx.selectFrom('charge_rule').selectAll().where('id', '=', request.id).forUpdate().executeTakeFirst()) ?? null;
      if (before === null) throw errors.WALLET_CHARGE_RULE_UNKNOWN();
      saved = await trx.updateTable('charge_rule').set(values).where('id', '=', request.id).returningAll().executeTakeFirstOrThrow();
    }
    await trx
      .insertInto('wallet_audit')
      .values({
        action: before === null ? 'charge_rule_created' : 'charge_rule_updated',
        order_no: null,
        detail: JSON.stringify({ rule_id: saved.id, actor: operator.actor, ip: operator.ip.slice(0, 64), before: before === null ? null : auditValues(before), after: auditValues(saved) }),
        at: now,
      })
      .execute();
    return toOpsChargeRule(saved);
  });
}

function auditValues(row: ChargeRuleRow) {
  return { price_fen: row.price_fen, coins: row.coins, bonus_coins: row.bonus_coins, enabled: row.enabled, sort: row.sort };
}

/** `api/ops/chargeRules`: ops list and save the recharge packages (the ops token, checked before the body is read). */
export async function chargeRulesOpsRoutes(app: App, { db, clock, opsToken }: ChargeRulesOpsOptions): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));

  app.get('/api/ops/chargeRules', { schema: { response: { 200: Envelope(OpsChargeRuleListSchema) } } }, async () => ok(await listAllChargeRules(db)));

  app.post('/api/ops/chargeRules', { schema: { body: SaveChargeRuleRequestSchema, response: { 200: Envelope(OpsChargeRuleSchema) } } }, async (request) => {
    const rule = await saveChargeRule(db, request.body, { actor: opsActor(request), ip: request.ip }, clock());
    request.log.info({ chargeRuleId: rule.id, actor: opsActor(request), created: request.body.id === undefined }, 'recharge package saved by ops');
    return ok(rule);
  });
}

import {
  ChargeRuleListSchema,
  Envelope,
  IDEMPOTENCY_KEY_PATTERN,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderTypeListSchema,
  PayUrlQuerySchema,
  PayUrlSchema,
} from '@sports/shared/server';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../accounts/index';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import type { App } from '../infra/http/types';
import { orderTypes } from './orders';
import { type RechargeDeps, createRechargeOrder, listChargeRules, listMemberOrders } from './recharge';

const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The member's Idempotency-Key header (every paid call takes one). */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined || raw === '') throw errors.WALLET_IDEMPOTENCY_KEY_MISSING();
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw errors.VALIDATION('Idempotency-Key 格式错误');
  return raw;
}

/** `api/chargerules/*` (packages, pay URL) and `api/Order/*` (the member's orders). */
export async function walletRoutes(app: App, deps: RechargeDeps): Promise<void> {
  const login = { preHandler: app.requireLogin };

  app.post('/api/chargerules/getList', { schema: { response: { 200: Envelope(ChargeRuleListSchema) } } }, async () => ok(await listChargeRules(deps.db)));

  app.get('/api/chargerules/payUrl', { config: { changesState: true }, ...login, schema: { querystring: PayUrlQuerySchema, response: { 200: Envelope(PayUrlSchema) } } }, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const answer = await createRechargeOrder(deps, sessionOf(request).user.id, { ruleId: request.query.id, provider: request.query.provider, idempotencyKey });
    return ok(answer);
  });

  app.get('/api/Order/getTypeList', { schema: { response: { 200: Envelope(OrderTypeListSchema) } } }, async () => ok(orderTypes()));

  app.get('/api/Order/getList', { config: { bookkeepingWrites: 'marks the pending orders of the member whose time is up as expired, as a sweep would: the same result whoever asks, nothing a request chooses' }, ...login, schema: { querystring: OrderListQuerySchema, response: { 200: Envelope(OrderPageSchema) } } }, async (request) =>
    ok(await listMemberOrders(deps.db, sessionOf(request).user.id, request.query, deps.clock())),
  );
}

import { randomBytes } from 'node:crypto';
import { ORDER_NO_PATTERN } from '@sports/shared/server';
import Type from 'typebox';
import { errors } from '../infra/http/errorCatalogue';
import type { App } from '../infra/http/types';
import { type RechargeDeps, applyNotify } from './recharge';
import { sandboxOrderPage, sandboxResultPage } from './sandboxPayPage';
import { SANDBOX_NOTIFY_PATH, SANDBOX_PAY_PATH, type SandboxNotify, type SandboxNotifyFields, sameHex, sandboxPageToken, signSandboxNotify } from './sandboxProvider';

export interface SandboxPayOptions {
  deps: RechargeDeps;
  /** The HMAC key of notifies and page buttons. */
  key: string;
  /** Send a paid notify again this much later (0: never), as gateways do. */
  duplicateNotifySeconds: number;
  /** Attempts of one notify delivery before giving up (the gateway's retries). */
  notifyAttempts?: number;
}

const OrderParams = Type.Object({ order_no: Type.String({ pattern: ORDER_NO_PATTERN, maxLength: 25 }) }, { additionalProperties: false });
const SubmitQuery = Type.Object(
  { action: Type.Union([Type.Literal('pay'), Type.Literal('cancel'), Type.Literal('fail')]), token: Type.String({ pattern: '^[0-9a-f]{64}$', maxLength: 64 }) },
  { additionalProperties: false },
);

/**
 * The sandbox gateway (wallet/README.md): its payment page and our notify endpoint. The page's
 * buttons are a GET form carrying a token only a page we served knows (the site's CSRF rule
 * refuses a cookie-carrying form POST, and a real gateway's page is on its own origin without
 * our cookie); pressing pay makes the "gateway" call the notify endpoint with a signed callback,
 * retried until it reads `success`, and again later (a delayed duplicate).
 */
export async function sandboxPayRoutes(app: App, options: SandboxPayOptions): Promise<void> {
  const { deps, key } = options;
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });

  app.post(SANDBOX_NOTIFY_PATH, async (request, reply) => {
    const verdict = deps.provider.verifyNotify({ body: request.body, headers: request.headers });
    if (verdict === null) throw errors.WALLET_NOTIFY_SIGNATURE_INVALID();
    const outcome = await applyNotify(deps, verdict, request.log);
    request.log.info({ orderNo: verdict.orderNo, status: verdict.status, outcome }, 'payment notify');
    return reply.type('text/plain; charset=utf-8').send(deps.provider.notifyAnswers.success);
  });

  async function deliver(fields: SandboxNotifyFields): Promise<boolean> {
    const body: SandboxNotify = { ...fields, sign: signSandboxNotify(key, fields) };
    for (let attempt = 1; attempt <= (options.notifyAttempts ?? 3); attempt += 1) {
      const answer = await app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload: body });
      if (answer.statusCode === 200 && answer.body === 'success') return true;
      app.log.info({ orderNo: fields.order_no, attempt, answer: answer.body.slice(0, 200) }, 'sandbox notify not acknowledged');
    }
    return false;
  }

  app.get(`${SANDBOX_PAY_PATH}/:order_no`, { schema: { params: OrderParams } }, async (request, reply) => {
    const order = await deps.db.selectFrom('wallet_order').select(['order_no', 'state', 'amount_fen', 'coins', 'expires_at', 'subject']).where('order_no', '=', request.params.order_no).executeTakeFirst();
    if (order === undefined) throw errors.WALLET_ORDER_NOT_FOUND();
    const open = order.state === 'pending' && (order.expires_at === null || order.expires_at.getTime() > deps.clock().getTime());
    const form = open ? { action: `${SANDBOX_PAY_PATH}/${order.order_no}/submit`, token: sandboxPageToken(key, order.order_no) } : null;
    const view = { orderNo: order.order_no, subject: order.subject ?? `充值 ${order.coins} 金币`, amountFen: order.amount_fen ?? 0, coins: order.coins };
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(sandboxOrderPage(view, form, stateText(order.state, order.expires_at, deps.clock())));
  });

  // The sandbox gateway's own form (a GET, like a real gateway's return): the write is authorised by the
  // signed per-order token in the URL, not by the session cookie, so the CSRF rule has nothing to guard.
  app.get(`${SANDBOX_PAY_PATH}/:order_no/submit`, { config: { bookkeepingWrites: 'the sandbox gateway form: its write is authorised by the signed per-order token in the URL (sandboxPageToken), which no other site can know, not by the session cookie' }, schema: { params: OrderParams, querystring: SubmitQuery } }, async (request, reply) => {
    const orderNo = request.params.order_no;
    if (!sameHex(request.query.token, sandboxPageToken(key, orderNo))) throw errors.WALLET_NOTIFY_SIGNATURE_INVALID();
    const order = await deps.db.selectFrom('wallet_order').select(['state', 'amount_fen', 'expires_at']).where('order_no', '=', orderNo).executeTakeFirst();
    if (order === undefined) throw errors.WALLET_ORDER_NOT_FOUND();
    if (order.state === 'paid') throw errors.WALLET_ORDER_ALREADY_PAID();
    if (order.state !== 'pending' || (order.expires_at !== null && order.expires_at.getTime() <= deps.clock().getTime())) throw errors.WALLET_ORDER_CLOSED();
    const status = request.query.action === 'pay' ? 'paid' : request.query.action === 'fail' ? 'failed' : 'cancelled';
    const fields: SandboxNotifyFields = { order_no: orderNo, trade_no: `SB${randomBytes(10).toString('hex')}`, amount_fen: order.amount_fen ?? 0, status, sent_at: deps.clock().toISOString() };
    const acknowledged = await deliver(fields);
    if (status === 'paid' && options.duplicateNotifySeconds > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        deliver({ ...fields, sent_at: new Date().toISOString() }).catch((error: unknown) => app.log.warn({ err: error, orderNo }, 'sandbox duplicate notify failed'));
      }, options.duplicateNotifySeconds * 1_000);
      timer.unref();
      timers.add(timer);
    }
    const text = !acknowledged ? '支付通知未送达，请稍后查看订单' : status === 'paid' ? '支付成功，请回到原页面查看余额' : status === 'failed' ? '支付失败' : '已取消支付';
    const hint = status === 'paid' && acknowledged ? '可以关闭本页' : '可以关闭本页，回到原页面重新下单';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(sandboxResultPage(text, status === 'paid' && acknowledged ? 'ok' : 'bad', hint));
  });
}

function stateText(state: string, expiresAt: Date | null, now: Date): string {
  if (state === 'pending' && expiresAt !== null && expiresAt.getTime() <= now.getTime()) return '已过期';
  return ({ pending: '待支付', paid: '已支付', cancelled: '已取消', failed: '支付失败', expired: '已过期' } as Record<string, string>)[state] ?? state;
}

import { BusinessError } from '../infra/http/businessError';
import type { App } from '../infra/http/types';
import { ALIPAY_NOTIFY_PATH, type AlipayProvider } from './alipayProvider';
import { type RechargeDeps, applyNotify } from './recharge';

export interface AlipayNotifyOptions {
  deps: RechargeDeps;
  provider: AlipayProvider;
}

/** An Alipay notify is a few hundred bytes of form fields. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

/** A form body as fields; null when a field repeats (no gateway sends that: not to be guessed at). */
export function formFields(text: string): Record<string, string> | null {
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (name in fields) return null;
    fields[name] = value;
  }
  return fields;
}

/**
 * `POST /api/chargerules/notify/alipay`: Alipay's asynchronous notify (a form, from Alipay's
 * servers, no cookie). Verified (RSA2 with Alipay's public key, our app id), then recharge.ts
 * checks the order and the amount and credits once. The body is what Alipay reads: `success`
 * stops its retries; `fail` (a bad signature, an unknown order, a wrong amount, an error of
 * ours) makes it retry, so nothing a retry could fix is lost.
 */
export async function alipayNotifyRoutes(app: App, options: AlipayNotifyOptions): Promise<void> {
  const { deps, provider } = options;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(ALIPAY_NOTIFY_PATH, async (request, reply) => {
    const answer = (status: number, text: string) => reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
    const fields = typeof request.body === 'string' ? formFields(request.body) : null;
    const reading = fields === null ? ({ kind: 'invalid', why: 'not a form' } as const) : provider.readNotify(fields);
    if (reading.kind === 'invalid') {
      request.log.warn({ why: reading.why, orderNo: fields?.out_trade_no }, 'alipay notify refused');
      return answer(200, provider.notifyAnswers.failure);
    }
    if (reading.kind === 'waiting') {
      request.log.info({ orderNo: reading.orderNo }, 'alipay notify: waiting for the buyer, nothing to do');
      return answer(200, provider.notifyAnswers.success);
    }
    try {
      const outcome = await applyNotify(deps, reading.verdict, request.log);
      request.log.info({ orderNo: reading.verdict.orderNo, status: reading.verdict.status, outcome }, 'payment notify');
      return answer(200, provider.notifyAnswers.success);
    } catch (error) {
      if (error instanceof BusinessError) {
        // An unknown order or another amount: kept failing, so it shows in the logs until someone looks.
        request.log.warn({ orderNo: reading.verdict.orderNo, reason: error.reason, amountFen: reading.verdict.amountFen }, 'alipay notify refused');
        return answer(200, provider.notifyAnswers.failure);
      }
      request.log.error({ err: error, orderNo: reading.verdict.orderNo }, 'alipay notify failed');
      return answer(500, provider.notifyAnswers.failure);
    }
  });
}

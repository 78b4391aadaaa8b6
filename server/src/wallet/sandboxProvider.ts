import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotifyVerdict, PaymentOrder, PaymentProvider } from './paymentProvider';

/** The file under DATA_DIR holding the generated sandbox notify key (WALLET_SANDBOX_NOTIFY_KEY overrides). */
export const SANDBOX_NOTIFY_KEY_FILE = 'wallet-sandbox-notify-key';

export const SANDBOX_PAY_PATH = '/pay/sandbox';
export const SANDBOX_NOTIFY_PATH = '/api/chargerules/notify/sandbox';

/** The fields of a sandbox notify, signed in this order. */
export interface SandboxNotifyFields {
  order_no: string;
  trade_no: string;
  amount_fen: number;
  status: 'paid' | 'failed' | 'cancelled';
  sent_at: string;
}

export type SandboxNotify = SandboxNotifyFields & { sign: string };

/** HMAC-SHA256 (hex) over `key=value` pairs in alphabetical order joined by `&`, as gateways sign. */
export function signSandboxNotify(key: string, fields: SandboxNotifyFields): string {
  const text = (Object.keys(fields) as Array<keyof SandboxNotifyFields>)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHmac('sha256', key).update(text).digest('hex');
}

/** The token a sandbox page's buttons carry: only a page we served can press them. */
export function sandboxPageToken(key: string, orderNo: string): string {
  return createHmac('sha256', key).update(`page:${orderNo}`).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The embedded provider: our own payment page (sandboxPayRoutes.ts) and an HMAC-signed notify. */
export function createSandboxProvider(key: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment(order: PaymentOrder): Promise<string> {
      return `${SANDBOX_PAY_PATH}/${order.orderNo}`;
    },
    verifyNotify({ body }): NotifyVerdict | null {
      const notify = body as Partial<SandboxNotify> | null;
      if (notify === null || typeof notify !== 'object') return null;
      const { order_no, trade_no, amount_fen, status, sent_at, sign } = notify;
      if (typeof order_no !== 'string' || typeof trade_no !== 'string' || typeof amount_fen !== 'number' || typeof sent_at !== 'string' || typeof sign !== 'string') return null;
      if (status !== 'paid' && status !== 'failed' && status !== 'cancelled') return null;
      const expected = signSandboxNotify(key, { order_no, trade_no, amount_fen, status, sent_at });
      if (!sameHex(sign, expected)) return null;
      return { orderNo: order_no, tradeNo: trade_no, amountFen: amount_fen, status };
    },
    notifyAnswers: { success: 'success', failure: 'fail' },
  };
}

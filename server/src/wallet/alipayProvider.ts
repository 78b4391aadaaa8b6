import { AlipaySdk } from 'alipay-sdk';
import { chinaDateTime } from '../infra/chinaTime';
import type { AlipayConfig } from './alipayConfig';
import type { NotifyVerdict, PaymentOrder, PaymentProvider } from './paymentProvider';

export const ALIPAY_NOTIFY_PATH = '/api/chargerules/notify/alipay';

/**
 * What an Alipay notify says, once its signature verified: a verdict for recharge.ts, or
 * WAIT_BUYER_PAY (the trade exists, nothing is paid yet: acknowledged, nothing changes).
 */
export type AlipayNotifyReading = { kind: 'invalid'; why: string } | { kind: 'waiting'; orderNo: string } | { kind: 'verdict'; verdict: NotifyVerdict };

export interface AlipayProvider extends PaymentProvider {
  readNotify(fields: Record<string, string>): AlipayNotifyReading;
}

/** Alipay's trade statuses (alipay.trade.page.pay's async notify) and what each means for the order. */
const TRADE_STATUS: Record<string, NotifyVerdict['status'] | 'waiting'> = {
  WAIT_BUYER_PAY: 'waiting',
  TRADE_SUCCESS: 'paid',
  // Paid, and past the refund window: sent after TRADE_SUCCESS (a duplicate then) or alone.
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'cancelled',
};

/** Integer fen as Alipay's yuan string with two decimals: 3000 → "30.00". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`fen must be a whole non-negative number, got ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string ("30", "30.5", "30.00") as integer fen, without floats; null when it is not one. */
export function yuanToFen(yuan: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (match === null) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}


/**
 * The 'alipay' provider through the official SDK (alipay-sdk): the page-pay URL
 * (`alipay.trade.page.pay`, signed RSA2 with the app's private key) and the async notify's
 * RSA2 signature checked with Alipay's public key (`checkNotifySignV2`: the form's values as
 * received, not decoded twice). The gateway expects `success`, else it retries for 25 hours.
 */
export function createAlipayProvider(config: AlipayConfig, now: () => Date = () => new Date()): AlipayProvider {
  const sdk = new AlipaySdk({ appId: config.appId, privateKey: config.privateKey, keyType: 'PKCS8', alipayPublicKey: config.alipayPublicKey, gateway: config.gateway, signType: 'RSA2' });
  const notifyUrl = `${config.notifyBaseUrl}${ALIPAY_NOTIFY_PATH}`;

  function readNotify(fields: Record<string, string>): AlipayNotifyReading {
    if (!Object.values(fields).every((value) => typeof value === 'string')) return { kind: 'invalid', why: 'shape' };
    // Only RSA2 (SHA256withRSA): the SDK would follow a notify's own sign_type down to RSA (SHA-1).
    if (fields.sign_type !== undefined && fields.sign_type !== 'RSA2') return { kind: 'invalid', why: 'sign_type' };
    if (typeof fields.sign !== 'string' || fields.sign === '') return { kind: 'invalid', why: 'unsigned' };
    let verified = false;
    try {
      verified = sdk.checkNotifySignV2(fields);
    } catch {
      verified = false;
    }
    if (!verified) return { kind: 'invalid', why: 'signature' };
    // Signed by Alipay, but for another app of ours (or anyone's): not this site's trade.
    if (fields.app_id !== config.appId) return { kind: 'invalid', why: 'app_id' };
    const { out_trade_no: orderNo, trade_no: tradeNo, trade_status: tradeStatus, total_amount: totalAmount } = fields;
    if (orderNo === undefined || orderNo === '' || tradeNo === undefined || tradeNo === '' || tradeStatus === undefined || totalAmount === undefined) return { kind: 'invalid', why: 'fields' };
    const status = TRADE_STATUS[tradeStatus];
    if (status === undefined) return { kind: 'invalid', why: 'trade_status' };
    if (status === 'waiting') return { kind: 'waiting', orderNo };
    const amountFen = yuanToFen(totalAmount);
    if (amountFen === null) return { kind: 'invalid', why: 'total_amount' };
    return { kind: 'verdict', verdict: { orderNo, tradeNo, amountFen, status } };
  }

  return {
    name: 'alipay',
    async createPayment(order: PaymentOrder): Promise<string> {
      return sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: order.orderNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: fenToYuan(order.amountFen),
          subject: order.subject,
          // Alipay closes the trade when our order expires: no payment after that in the normal case.
          time_expire: chinaDateTime(order.expiresAt),
        },
        notifyUrl,
        ...(config.returnUrl === null ? {} : { returnUrl: config.returnUrl }),
        // Alipay reads the request's timestamp as China time; the SDK would write the server's
        // local time (8 hours off on a UTC host), so it is given here (it overrides the SDK's).
        timestamp: chinaDateTime(now()),
      });
    },
    readNotify,
    verifyNotify({ body }): NotifyVerdict | null {
      if (body === null || typeof body !== 'object') return null;
      const reading = readNotify(body as Record<string, string>);
      return reading.kind === 'verdict' ? reading.verdict : null;
    },
    notifyAnswers: { success: 'success', failure: 'fail' },
  };
}

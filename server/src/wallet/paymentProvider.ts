/**
 * Payment providers behind one interface (wallet/README.md): the embedded 'sandbox' today,
 * 'alipay' (alipay-sdk, RSA2 notify) next. The provider makes the URL a member pays at and
 * verifies the gateway's asynchronous notify; recharge.ts does the rest (order, amount, credit once).
 */

export interface PaymentOrder {
  orderNo: string;
  amountFen: number;
  /** What the member buys, shown on the gateway's page. */
  subject: string;
  expiresAt: Date;
}

/** What a verified notify says happened. */
export interface NotifyVerdict {
  orderNo: string;
  /** The gateway's own trade number. */
  tradeNo: string;
  amountFen: number;
  status: 'paid' | 'failed' | 'cancelled';
}

export interface PaymentProvider {
  readonly name: string;
  /** Where the member pays (opened in a new tab). */
  createPayment(order: PaymentOrder): Promise<string>;
  /** The notify's verdict, or null when its signature (or shape) does not verify. */
  verifyNotify(request: { body: unknown; headers: Record<string, string | string[] | undefined> }): NotifyVerdict | null;
  /** The bodies the gateway expects back: it retries until it reads `success`. */
  readonly notifyAnswers: { success: string; failure: string };
}

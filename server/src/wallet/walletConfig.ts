import { type ReadVar, parseInteger } from '../infra/config/envVars';
import { type WithdrawalsConfig, loadWithdrawalsConfig } from './withdrawals/withdrawalsConfig';
import { type AlipayConfig, loadAlipayConfig } from './alipayConfig';

export const PAYMENT_PROVIDERS = ['sandbox', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The wallet's configuration (config.ts collects it with the others). */
export interface WalletConfig {
  /** WALLET_PAYMENT_PROVIDER: who takes the money; 'sandbox' (default) is our own offline payment page. */
  paymentProvider: PaymentProviderName;
  /** WALLET_ORDER_EXPIRY_MINUTES: an unpaid recharge order expires after this (default 30). */
  orderExpiryMinutes: number;
  /** WALLET_HOT_SHARDS: balance rows of a new anchor's earnings account (default 16; wallet/README.md). */
  hotShards: number;
  /** WALLET_SANDBOX_NOTIFY_KEY: the sandbox notify's HMAC key; null: generated into DATA_DIR. */
  sandboxNotifyKey: string | null;
  /** WALLET_SANDBOX_DUPLICATE_NOTIFY_SECONDS: the sandbox sends a paid notify again this much later, as gateways do (0: never). */
  sandboxDuplicateNotifySeconds: number;
  /** WALLET_ANCHOR_SHARE_PERCENT: the anchor's share of a gift's coins, 0-100 (default 50); the anchor gets floor(coins × share / 100), the platform the rest. */
  anchorSharePercent: number;
  /** WALLET_HORN_PRICE: coins a horn costs (default 100; wallet/horns/). */
  hornPrice: number;
  /** WALLET_HORN_INTERVAL_SECONDS: a member sends at most one horn per this many seconds (default 60; checked in the horn's transaction). */
  hornIntervalSeconds: number;
  /** WALLET_BARRAGE_HISTORY: a room's last danmaku api/Barrage/getList answers (default 50). */
  barrageHistory: number;
  /** Conversions, withdrawals, the payment password (withdrawals/withdrawalsConfig.ts: WALLET_CONVERSION_PERCENT, WALLET_WITHDRAWAL_*, WALLET_PAYMENT_PASSWORD_LOCK_MINUTES). */
  withdrawals: WithdrawalsConfig;
  /** ALIPAY_* (alipayConfig.ts): read, and required, only when WALLET_PAYMENT_PROVIDER=alipay; else null. */
  alipay: AlipayConfig | null;
}

/**
 * The sandbox credits coins without any money changing hands: in production that must be a
 * deliberate choice (a staging site), never a default — as with the SMS outbox.
 */
export function loadWalletConfig(read: ReadVar, nodeEnv: string, problems: string[]): WalletConfig {
  const provider = read('WALLET_PAYMENT_PROVIDER') ?? 'sandbox';
  const paymentProvider = PAYMENT_PROVIDERS.find((name) => name === provider);
  if (paymentProvider === undefined) problems.push(`WALLET_PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}, got "${provider}"`);
  if (nodeEnv === 'production' && paymentProvider === 'sandbox' && read('ALLOW_SANDBOX_PAYMENTS') !== '1') {
    problems.push(
      'NODE_ENV=production with the sandbox payment provider: recharges would credit coins without payment. ' +
        'Set WALLET_PAYMENT_PROVIDER to a real gateway, or ALLOW_SANDBOX_PAYMENTS=1 for a staging site.',
    );
  }
  const key = read('WALLET_SANDBOX_NOTIFY_KEY') ?? null;
  if (key !== null && key.length < 16) problems.push('WALLET_SANDBOX_NOTIFY_KEY must be at least 16 characters');
  return {
    paymentProvider: paymentProvider ?? 'sandbox',
    orderExpiryMinutes: parseInteger('WALLET_ORDER_EXPIRY_MINUTES', read('WALLET_ORDER_EXPIRY_MINUTES'), { fallback: 30, min: 1, max: 24 * 60 }, problems),
    hotShards: parseInteger('WALLET_HOT_SHARDS', read('WALLET_HOT_SHARDS'), { fallback: 16, min: 1, max: 256 }, problems),
    sandboxNotifyKey: key !== null && key.length >= 16 ? key : null,
    sandboxDuplicateNotifySeconds: parseInteger('WALLET_SANDBOX_DUPLICATE_NOTIFY_SECONDS', read('WALLET_SANDBOX_DUPLICATE_NOTIFY_SECONDS'), { fallback: 5, min: 0, max: 3_600 }, problems),
    anchorSharePercent: parseInteger('WALLET_ANCHOR_SHARE_PERCENT', read('WALLET_ANCHOR_SHARE_PERCENT'), { fallback: 50, min: 0, max: 100 }, problems),
    hornPrice: parseInteger('WALLET_HORN_PRICE', read('WALLET_HORN_PRICE'), { fallback: 100, min: 1, max: 1_000_000 }, problems),
    hornIntervalSeconds: parseInteger('WALLET_HORN_INTERVAL_SECONDS', read('WALLET_HORN_INTERVAL_SECONDS'), { fallback: 60, min: 0, max: 86_400 }, problems),
    barrageHistory: parseInteger('WALLET_BARRAGE_HISTORY', read('WALLET_BARRAGE_HISTORY'), { fallback: 50, min: 1, max: 200 }, problems),
    withdrawals: loadWithdrawalsConfig(read, problems),
    alipay: paymentProvider === 'alipay' ? loadAlipayConfig(read, problems) : null,
  };
}

export function defaultWalletConfig(): WalletConfig {
  return loadWalletConfig(() => undefined, 'development', []);
}

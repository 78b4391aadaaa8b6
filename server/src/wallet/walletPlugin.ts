import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { Experience } from '../levels/index';
import { giftRoutes } from './gifts/giftRoutes';
import { giftCoinsByRoom } from './gifts/giftIncome';
import { barrageRoutes } from './barrage/barrageRoutes';
import { hornRoutes } from './horns/hornRoutes';
import { guardRoutes } from './guards/guardRoutes';
import type { AlipayConfig } from './alipayConfig';
import { alipayNotifyRoutes } from './alipayNotifyRoutes';
import { createAlipayProvider } from './alipayProvider';
import { chargeRulesOpsRoutes } from './chargeRulesOps';
import { loadOrCreateSecret } from '../infra/localSecret';
import type { PaymentProvider } from './paymentProvider';
import { SANDBOX_NOTIFY_KEY_FILE, createSandboxProvider } from './sandboxProvider';
import { sandboxPayRoutes } from './sandboxPayRoutes';
import { type WalletConfig, defaultWalletConfig } from './walletConfig';
import { walletRoutes } from './walletRoutes';
import { withdrawalRoutes } from './withdrawals/withdrawalRoutes';
import { withdrawalsOpsRoutes } from './withdrawals/withdrawalsOps';

/** What buildApp takes for the wallet (main.ts: config.wallet). */
export interface WalletOptions {
  /** WALLET_* (walletConfig.ts); default every default. */
  config?: WalletConfig;
}

export interface WalletPluginOptions extends WalletOptions {
  db: Kysely<Database>;
  /** Local state: the generated sandbox notify key. */
  dataDir: string;
  /** The ops token: guards `api/ops/chargeRules` and `api/ops/withdrawals`. */
  opsToken: string;
}

/**
 * The wallet domain (wallet/README.md): the double-entry ledger, recharge packages and orders,
 * the payment provider (the embedded sandbox gateway) and its notify, gifts in live rooms
 * (wallet/gifts/), guards, horns, barrage, withdrawals. Builds on the accounts (sessions, clock),
 * the rooms (it fills `app.roomGiftIncome`), the chat (`app.chatHub`: the checks before a horn or a
 * danmaku, and the one way every paid action reaches the room after commit: chatOutlet.ts) and
 * the member domain (`app.memberCipher` for payout accounts). The levels' exp for coins spent is
 * a function it imports (`Experience.addExp`, inside its transactions), not a plugin it needs.
 */
async function wallet(app: App, options: WalletPluginOptions): Promise<void> {
  const config = options.config ?? defaultWalletConfig();
  // The payment provider WALLET_PAYMENT_PROVIDER chose: Alipay (alipayProvider.ts) or the embedded sandbox.
  const alipay = config.paymentProvider === 'alipay' ? createAlipayProvider(alipayConfigOf(config)) : null;
  const key = alipay === null ? await loadOrCreateSecret(config.sandboxNotifyKey, options.dataDir, SANDBOX_NOTIFY_KEY_FILE) : '';
  const provider: PaymentProvider = alipay ?? createSandboxProvider(key);
  const deps = { db: options.db, clock: app.accounts.clock, provider, ledger: { hotShards: config.hotShards }, orderExpiryMinutes: config.orderExpiryMinutes };
  await app.register(walletRoutes, deps);
  if (alipay !== null) await app.register(alipayNotifyRoutes, { deps, provider: alipay });
  else await app.register(sandboxPayRoutes, { deps, key, duplicateNotifySeconds: config.sandboxDuplicateNotifySeconds });
  await app.register(chargeRulesOpsRoutes, { db: options.db, clock: app.accounts.clock, opsToken: options.opsToken });
  // Coins spent earn exp 1:1 (levels: Experience.addExp, inside the spending transaction).
  const addExp = Experience.addExp;
  // Every paid action reaches the room one way: the chat's port (chatOutlet.ts: checks before,
  // tellTheRoom after commit), never the answer's business once the coins moved (README.md).
  const chat = app.chatHub;
  await app.register(giftRoutes, { db: options.db, clock: app.accounts.clock, ledger: deps.ledger, anchorSharePercent: config.anchorSharePercent, chat });
  // The rooms' ranking counts gift income: live owns the port, the wallet fills it (live/giftIncome.ts).
  app.roomGiftIncome.provide({ coinsByRoom: (from, until) => giftCoinsByRoom(options.db, from, until) });
  // Earnings, withdrawals, payout accounts (encrypted with the member domain's cipher: app.memberCipher), the payment password.
  const withdrawals = { db: options.db, cipher: app.memberCipher, clock: app.accounts.clock, ledger: deps.ledger };
  await app.register(withdrawalRoutes, { ...withdrawals, config: config.withdrawals });
  await app.register(withdrawalsOpsRoutes, { ...withdrawals, opsToken: options.opsToken });
  await app.register(hornRoutes, { db: options.db, clock: app.accounts.clock, ledger: deps.ledger, price: config.hornPrice, intervalSeconds: config.hornIntervalSeconds, addExp, chat });
  await app.register(barrageRoutes, { db: options.db, clock: app.accounts.clock, ledger: deps.ledger, anchorSharePercent: config.anchorSharePercent, history: config.barrageHistory, addExp, chat });
  await app.register(guardRoutes, { db: options.db, clock: app.accounts.clock, ledger: deps.ledger, anchorSharePercent: config.anchorSharePercent, addExp, chat });
}

function alipayConfigOf(config: WalletConfig): AlipayConfig {
  if (config.alipay === null) throw new Error('WALLET_PAYMENT_PROVIDER=alipay without ALIPAY_* settings (loadWalletConfig reads them)');
  return config.alipay;
}

export const walletPlugin = fp(wallet, {
  name: 'wallet',
  dependencies: ['accounts', 'live', 'chat', 'member'],
  decorators: { fastify: ['accounts', 'requireLogin', 'roomGiftIncome', 'chatHub', 'memberCipher'] },
});

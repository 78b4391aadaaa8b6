import {
  AliPayInfoSchema,
  ApplyWithdrawalQuerySchema,
  ApplyWithdrawalResultSchema,
  BankCardInfoSchema,
  BindAliPayQuerySchema,
  BindBankCardQuerySchema,
  ConversionQuerySchema,
  ConversionResultSchema,
  Envelope,
  GetCodeResultSchema,
  MyAliPaySchema,
  MyBankCardSchema,
  PaymentPasswordRequestSchema,
  PaymentPasswordResultSchema,
  WalletInfoSchema,
  WithdrawalListQuerySchema,
  WithdrawalPageSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { sendSmsCode, sessionOf } from '../../accounts/index';
import type { IdCipher } from '../../member/index';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import type { LedgerOptions } from '../ledger';
import { setPaymentPassword } from '../paymentPassword/paymentPassword';
import { idempotencyKeyOf } from '../walletRoutes';
import { convertEarnings } from './conversion';
import { aliPayInfo, bankCardInfo, bindAliPay, bindBankCard } from './payoutAccounts';
import { applyForWithdrawal, listWithdrawals, walletInfo } from './withdrawals';
import type { WithdrawalsConfig } from './withdrawalsConfig';

export interface WithdrawalRoutesOptions {
  db: Kysely<Database>;
  cipher: IdCipher;
  clock: Clock;
  ledger: LedgerOptions;
  config: WithdrawalsConfig;
}

/**
 * The member's side of earnings and withdrawals: `api/Balance/*`, `api/Bank_card/*`,
 * `api/Member/paymentPassword` and its SMS code `api/Member/paymentPasswordCode` (all login).
 * Calls whose query carries a card number, an Alipay account or the payment password are logged
 * at warn level only: the request line (with its query) is never written to the log.
 */
export async function withdrawalRoutes(app: App, options: WithdrawalRoutesOptions): Promise<void> {
  const { db, clock } = options;
  const login = { preHandler: app.requireLogin };
  const secretQuery = { ...login, logLevel: 'warn' as const };
  const deps = { db, ledger: options.ledger, config: options.config };
  const payout = { db, cipher: options.cipher };

  app.get('/api/Balance/info', { ...login, schema: { response: { 200: Envelope(WalletInfoSchema) } } }, async (request) => ok(await walletInfo(deps, sessionOf(request).user.id, clock())));

  app.get('/api/Balance/conversionBalance', { config: { changesState: true }, ...login, schema: { querystring: ConversionQuerySchema, response: { 200: Envelope(ConversionResultSchema) } } }, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const conversionDeps = { db, ledger: options.ledger, conversionPercent: options.config.conversionPercent };
    return ok(await convertEarnings(conversionDeps, sessionOf(request).user.id, request.query.coins, idempotencyKey, clock()));
  });

  app.get('/api/Balance/applyForWithdrawal', { config: { changesState: true }, ...secretQuery, schema: { querystring: ApplyWithdrawalQuerySchema, response: { 200: Envelope(ApplyWithdrawalResultSchema) } } }, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const result = await applyForWithdrawal(deps, sessionOf(request).user.id, request.query, idempotencyKey, clock());
    request.log.warn({ withdrawalId: result.withdrawal.id, amountFen: result.withdrawal.amount_fen }, 'withdrawal requested');
    return ok(result);
  });

  app.get('/api/Balance/withdrawalList', { ...login, schema: { querystring: WithdrawalListQuerySchema, response: { 200: Envelope(WithdrawalPageSchema) } } }, async (request) =>
    ok(await listWithdrawals(db, sessionOf(request).user.id, request.query)),
  );

  app.get('/api/Bank_card/bind', { config: { changesState: true }, ...secretQuery, schema: { querystring: BindBankCardQuerySchema, response: { 200: Envelope(BankCardInfoSchema) } } }, async (request) =>
    ok(await bindBankCard(payout, sessionOf(request).user.id, request.query, clock())),
  );
  app.get('/api/Bank_card/getInfo', { ...login, schema: { response: { 200: Envelope(MyBankCardSchema) } } }, async (request) => ok(await bankCardInfo(db, sessionOf(request).user.id)));
  app.get('/api/Bank_card/bindAliPay', { config: { changesState: true }, ...secretQuery, schema: { querystring: BindAliPayQuerySchema, response: { 200: Envelope(AliPayInfoSchema) } } }, async (request) =>
    ok(await bindAliPay(payout, sessionOf(request).user.id, request.query, clock())),
  );
  app.get('/api/Bank_card/getAliPayInfo', { ...login, schema: { response: { 200: Envelope(MyAliPaySchema) } } }, async (request) => ok(await aliPayInfo(db, sessionOf(request).user.id)));

  app.post('/api/Member/paymentPassword', { ...secretQuery, schema: { body: PaymentPasswordRequestSchema, response: { 200: Envelope(PaymentPasswordResultSchema) } } }, async (request) =>
    ok(await setPaymentPassword(db, sessionOf(request).user.id, request.body, clock())),
  );

  // The change code: type 2 to the member's own mobile, under getCode's limits (no captcha: the session vouches).
  app.post('/api/Member/paymentPasswordCode', { ...login, schema: { response: { 200: Envelope(GetCodeResultSchema) } } }, async (request) => {
    const user = await db.selectFrom('app_user').select('mobile').where('id', '=', sessionOf(request).user.id).executeTakeFirstOrThrow();
    return ok(await sendSmsCode(db, app.accounts, request.log, { mobile: user.mobile, purpose: 2 }, request.ip));
  });
}

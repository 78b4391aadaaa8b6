import {
  AliPayInfoSchema,
  type ApplyWithdrawalQuery,
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
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sendSmsCode, sessionOf } from '../../accounts/index';
import type { IdCipher, IdentityChecker } from '../../member/index';
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
 * Calls that carry a card number, an Alipay account or the payment password are logged at warn
 * level only, and the logger redacts those fields and masks them in any URL it writes
 * (infra/http/logRedaction.ts).
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

  // The calls whose input holds a secret (the payment password, a card number, an Alipay account,
  // a holder's name): GET with a query as SPEC.md section 7 has them, kept for compatibility, and
  // POST with the same fields as a JSON body (same schema, same answers), which our own pages
  // send so the secrets never travel in a URL a proxy, a CDN or a browser history keeps.
  const withdraw = async (request: FastifyRequest, input: ApplyWithdrawalQuery) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const result = await applyForWithdrawal(deps, checkerOf(request), input, idempotencyKey, clock());
    request.log.warn({ withdrawalId: result.withdrawal.id, amountFen: result.withdrawal.amount_fen }, 'withdrawal requested');
    return ok(result);
  };
  const withdrawalSchema = { response: { 200: Envelope(ApplyWithdrawalResultSchema) } };
  app.get('/api/Balance/applyForWithdrawal', { config: { changesState: true }, ...secretQuery, schema: { querystring: ApplyWithdrawalQuerySchema, ...withdrawalSchema } }, async (request) => withdraw(request, request.query));
  app.post('/api/Balance/applyForWithdrawal', { ...secretQuery, schema: { body: ApplyWithdrawalQuerySchema, ...withdrawalSchema } }, async (request) => withdraw(request, request.body));

  app.get('/api/Balance/withdrawalList', { ...login, schema: { querystring: WithdrawalListQuerySchema, response: { 200: Envelope(WithdrawalPageSchema) } } }, async (request) =>
    ok(await listWithdrawals(db, sessionOf(request).user.id, request.query)),
  );

  const cardSchema = { response: { 200: Envelope(BankCardInfoSchema) } };
  app.get('/api/Bank_card/bind', { config: { changesState: true }, ...secretQuery, schema: { querystring: BindBankCardQuerySchema, ...cardSchema } }, async (request) => ok(await bindBankCard(payout, checkerOf(request), request.query, clock())));
  app.post('/api/Bank_card/bind', { ...secretQuery, schema: { body: BindBankCardQuerySchema, ...cardSchema } }, async (request) => ok(await bindBankCard(payout, checkerOf(request), request.body, clock())));
  app.get('/api/Bank_card/getInfo', { ...login, schema: { response: { 200: Envelope(MyBankCardSchema) } } }, async (request) => ok(await bankCardInfo(db, sessionOf(request).user.id)));
  const aliPaySchema = { response: { 200: Envelope(AliPayInfoSchema) } };
  app.get('/api/Bank_card/bindAliPay', { config: { changesState: true }, ...secretQuery, schema: { querystring: BindAliPayQuerySchema, ...aliPaySchema } }, async (request) => ok(await bindAliPay(payout, checkerOf(request), request.query, clock())));
  app.post('/api/Bank_card/bindAliPay', { ...secretQuery, schema: { body: BindAliPayQuerySchema, ...aliPaySchema } }, async (request) => ok(await bindAliPay(payout, checkerOf(request), request.body, clock())));
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

/** The member and the client address a comparison with stored personal data is counted against. */
function checkerOf(request: FastifyRequest): IdentityChecker {
  return { userId: sessionOf(request).user.id, ip: request.ip };
}

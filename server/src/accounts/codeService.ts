import type { GetCodeRequest } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountServices } from './accountServices';
import { LockSpace, lockKey } from '../infra/db/advisoryLock';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { discardSmsCode, generateSmsCode, storeSmsCode } from './sms/smsCodes';
import { checkSmsLimits, logSmsRequest } from './sms/smsLimits';
import { parseMobile } from './mobile';

type Outcome = { kind: 'send'; codeId: number; code: string } | { kind: 'registered' } | { kind: 'silent' };

/**
 * `getCode`: the captcha first (a solution is spent: sending codes costs the sender work), limits (under advisory locks on the number and the IP, so concurrent requests
 * count), then the purpose rule. Type 1 (register) refuses a registered number with a clear
 * message (the product needs it). Type 2 for an unknown number answers exactly like a send but
 * sends nothing (it stores a decoy code), so neither this answer nor a later reset attempt
 * reveals who is registered. The code is sent after the commit; a
 * failed send discards it.
 */
export async function requestSmsCode(
  db: Kysely<Database>,
  services: AccountServices,
  log: FastifyBaseLogger,
  request: GetCodeRequest,
  ip: string,
): Promise<{ resendAfterSeconds: number }> {
  const mobile = parseMobile(request.mobile).full;
  await services.captcha.verify(request.captcha);
  return sendSmsCode(db, services, log, { mobile, purpose: request.type }, ip);
}

/**
 * The part of `getCode` after the captcha: limits, the purpose rule, the send. Also used without
 * a captcha by a signed-in member's own request for a code to their own number (the session is
 * the proof of work; the same per-number and per-IP limits apply): the payment password change.
 */
export async function sendSmsCode(
  db: Kysely<Database>,
  services: AccountServices,
  log: FastifyBaseLogger,
  target: { mobile: string; purpose: 1 | 2 },
  ip: string,
): Promise<{ resendAfterSeconds: number }> {
  const { mobile, purpose } = target;
  const now = services.clock();
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    await lockKey(trx, LockSpace.smsMobile, mobile);
    await lockKey(trx, LockSpace.smsIp, ip);
    await checkSmsLimits(trx, { mobile, purpose, ip }, services.config.sms.limits, now);
    await logSmsRequest(trx, { mobile, purpose, ip }, now);
    const registered = (await trx.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirst()) !== undefined;
    if (purpose === 1 && registered) return { kind: 'registered' };
    if (purpose === 2 && !registered) {
      // A decoy code, never sent: a reset attempt for this number then meets a live code and
      // answers exactly like one for a registered number (wrong, tries left, dead).
      await storeSmsCode(trx, mobile, purpose, generateSmsCode(), now);
      return { kind: 'silent' };
    }
    const code = generateSmsCode();
    return { kind: 'send', code, codeId: await storeSmsCode(trx, mobile, purpose, code, now) };
  });

  if (outcome.kind === 'registered') throw errors.MOBILE_ALREADY_REGISTERED();
  if (outcome.kind === 'send') {
    try {
      await services.sms.send({ mobile, type: purpose, code: outcome.code });
    } catch (error) {
      log.error({ err: error, provider: services.sms.name }, 'SMS send failed');
      await discardSmsCode(db, outcome.codeId, now);
      throw errors.SMS_SEND_FAILED();
    }
  } else {
    log.info({ mobile, purpose }, 'code requested for an unregistered number: nothing sent');
  }
  return { resendAfterSeconds: services.config.sms.limits.resendSeconds };
}

import type { LoginRequest } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { AccountServices } from './accountServices';
import { checkLoginThrottle, clearLoginFailures, isNumberGuarded, recordLoginFailure, throttleError } from './sessions/loginThrottle';
import { verifyAgainstDummy, verifyPassword } from './sessions/passwords';
import { SESSION_USER_COLUMNS, type SessionUser } from './sessions/sessions';
import { LockSpace, tryLockKey } from '../infra/db/advisoryLock';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { codeCheckError, consumeSmsCode } from './sms/smsCodes';
import { parseMobile } from './mobile';

/**
 * Password login. The captcha is spent first; then, with the number and the IP locked against
 * concurrent attempts (a parallel burst would otherwise get many guesses past the throttle),
 * this address's throttle -> the number's guard (many failures from many addresses: an SMS code
 * of type 2 is needed too, so attackers cannot lock the owner out) -> password -> failure
 * recorded or failures cleared. An unknown number verifies a dummy hash, so timing does not
 * tell it apart.
 */
export async function login(db: Kysely<Database>, services: AccountServices, request: LoginRequest, ip: string): Promise<SessionUser> {
  const mobile = parseMobile(request.mobile.trim()).full;
  await services.captcha.verify(request.captcha);
  const limits = services.config.login;
  const now = services.clock();
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await tryLockKey(trx, LockSpace.loginMobile, mobile)) || !(await tryLockKey(trx, LockSpace.loginIp, ip))) {
      return { kind: 'busy' as const };
    }
    const decision = await checkLoginThrottle(trx, { mobile, ip }, limits, now);
    if (decision.kind !== 'allowed') return decision;
    if (request.code !== undefined) {
      // A wrong code's counted try is committed with this transaction before the refusal.
      const check = await consumeSmsCode(trx, mobile, 2, request.code, now);
      if (check.kind !== 'ok') return { kind: 'code' as const, check };
    } else if (await isNumberGuarded(trx, mobile, limits, now)) {
      return { kind: 'needsSmsCode' as const };
    }
    const user = await trx.selectFrom('app_user').select([...SESSION_USER_COLUMNS, 'password_hash']).where('mobile', '=', mobile).executeTakeFirst();
    const matches =
      user?.password_hash !== undefined && user.password_hash !== null
        ? await verifyPassword(user.password_hash, request.password)
        : await verifyAgainstDummy(request.password);
    if (user === undefined || !matches) {
      await recordLoginFailure(trx, { mobile, ip }, now);
      return { kind: 'wrong' as const };
    }
    await clearLoginFailures(trx, mobile);
    const { password_hash: _hash, ...sessionUser } = user;
    return { kind: 'ok' as const, user: sessionUser };
  });
  switch (outcome.kind) {
    case 'ok':
      return outcome.user;
    case 'busy':
      throw errors.LOGIN_BUSY();
    case 'wrong':
      throw errors.LOGIN_WRONG_CREDENTIALS();
    case 'needsSmsCode':
      throw errors.LOGIN_NEEDS_SMS_CODE();
    case 'code':
      throw codeCheckError(outcome.check);
    default:
      throw throttleError(outcome, limits);
  }
}

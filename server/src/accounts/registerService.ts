import { randomInt } from 'node:crypto';
import type { RegisterRequest } from '@sports/shared/server';
import type { Kysely, Transaction } from 'kysely';
import type { AccountServices } from './accountServices';
import { hashPassword } from './sessions/passwords';
import { SESSION_USER_COLUMNS, type SessionUser } from './sessions/sessions';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { type CodeCheck, codeCheckError, consumeSmsCode } from './sms/smsCodes';
import { randomPresetAvatar } from './avatars';
import { parseMobile } from './mobile';

const INVITE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const UNIQUE_VIOLATION = '23505';

export function generateInviteCode(): string {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
}

/** The default nickname: 用户 + the last 4 digits of the number. */
export function defaultNickname(number: string): string {
  return `用户${number.slice(-4)}`;
}

type Outcome<T> = { kind: 'done'; value: T } | Exclude<CodeCheck, { kind: 'ok' }> | { kind: 'registered' };

/**
 * Runs `work` in a transaction after spending the SMS code. A wrong code's counted try is
 * committed before the refusal is thrown (so the 5-tries limit holds).
 */
async function withSmsCode<T>(
  db: Kysely<Database>,
  target: { mobile: string; purpose: 1 | 2; code: string; now: Date },
  work: (trx: Transaction<Database>) => Promise<Outcome<T>>,
): Promise<T> {
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome<T>> => {
    const check = await consumeSmsCode(trx, target.mobile, target.purpose, target.code, target.now);
    return check.kind === 'ok' ? work(trx) : check;
  });
  if (outcome.kind === 'done') return outcome.value;
  if (outcome.kind === 'registered') throw errors.MOBILE_ALREADY_REGISTERED();
  throw codeCheckError(outcome);
}

/** Registration: captcha, invite code, SMS code (type 1), then the user; answers the new user. */
export async function register(db: Kysely<Database>, services: AccountServices, request: RegisterRequest): Promise<SessionUser> {
  const mobile = parseMobile(request.mobile);
  await services.captcha.verify(request.captcha);
  const invite = request.invite?.trim().toUpperCase() ?? '';
  let invitedBy: number | null = null;
  if (invite !== '') {
    const inviter = await db.selectFrom('app_user').select('id').where('invite_code', '=', invite).executeTakeFirst();
    if (inviter === undefined) throw errors.INVITE_INVALID();
    invitedBy = inviter.id;
  }
  const now = services.clock();
  return withSmsCode<SessionUser>(db, { mobile: mobile.full, purpose: 1, code: request.code, now }, async (trx) => {
    const existing = await trx.selectFrom('app_user').select('id').where('mobile', '=', mobile.full).executeTakeFirst();
    if (existing !== undefined) return { kind: 'registered' };
    // Hashed only after a right code: a wrong one never reaches the thread pool (the code's row
    // stays locked meanwhile, which only holds up this number's own registration).
    const passwordHash = await hashPassword(request.password);
    const user = await insertUser(trx, {
      mobile: mobile.full,
      user_nickname: defaultNickname(mobile.number),
      avatar: randomPresetAvatar(),
      password_hash: passwordHash,
      invited_by: invitedBy,
    });
    return user === null ? { kind: 'registered' } : { kind: 'done', value: user };
  });
}

type NewUser = { mobile: string; user_nickname: string; avatar: string; password_hash: string; invited_by: number | null };

/** Inserts with a fresh invite code, retrying a clash; null when the number got registered meanwhile. */
async function insertUser(trx: Transaction<Database>, user: NewUser): Promise<SessionUser | null> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const inserted = await trx
      .insertInto('app_user')
      .values({ ...user, invite_code: generateInviteCode() })
      .onConflict((conflict) => conflict.doNothing())
      .returning(SESSION_USER_COLUMNS)
      .executeTakeFirst();
    if (inserted !== undefined) return inserted;
    const taken = await trx.selectFrom('app_user').select('id').where('mobile', '=', user.mobile).executeTakeFirst();
    if (taken !== undefined) return null;
  }
  throw Object.assign(new Error('could not draw a free invite code in 5 tries'), { code: UNIQUE_VIOLATION });
}

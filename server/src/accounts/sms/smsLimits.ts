import type { Transaction } from 'kysely';
import type { SmsLimits } from '../accountsConfig';
import { formatWait } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SmsRequester {
  mobile: string;
  purpose: 1 | 2;
  ip: string;
}

/**
 * Throws code 1 with when to try again if this request would break a limit: one code per
 * number and purpose per `resendSeconds`, per number an hour and a day, per IP an hour.
 * Runs under the caller's advisory locks on the number and the IP, so concurrent requests count.
 */
export async function checkSmsLimits(trx: Transaction<Database>, who: SmsRequester, limits: SmsLimits, now: Date): Promise<void> {
  const at = now.getTime();
  const byNumber = await trx
    .selectFrom('sms_send_log')
    .select(['created_at', 'purpose'])
    .where('mobile', '=', who.mobile)
    .where('created_at', '>', new Date(at - DAY_MS))
    .orderBy('created_at', 'asc')
    .execute();

  const samePurpose = byNumber.filter((row) => row.purpose === who.purpose).at(-1);
  if (samePurpose !== undefined) {
    const wait = samePurpose.created_at.getTime() + limits.resendSeconds * 1000 - at;
    if (wait > 0) throw errors.SMS_RESEND_TOO_SOON(formatWait(wait));
  }
  const lastHour = byNumber.filter((row) => row.created_at.getTime() > at - HOUR_MS);
  const overHour = waitUntilUnder(lastHour, limits.perNumberHour, HOUR_MS, at);
  const overDay = waitUntilUnder(byNumber, limits.perNumberDay, DAY_MS, at);
  const numberWait = Math.max(overHour, overDay);
  if (numberWait > 0) throw errors.SMS_TOO_MANY_FOR_NUMBER(formatWait(numberWait));

  const byIp = await trx
    .selectFrom('sms_send_log')
    .select('created_at')
    .where('ip', '=', who.ip)
    .where('created_at', '>', new Date(at - HOUR_MS))
    .orderBy('created_at', 'asc')
    .execute();
  const ipWait = waitUntilUnder(byIp, limits.perIpHour, HOUR_MS, at);
  if (ipWait > 0) throw errors.SMS_TOO_MANY_FOR_IP(formatWait(ipWait));
}

/**
 * `rows` (oldest first) are the sends inside a sliding window. At `max` or more, one more is
 * allowed once enough of them have left the window: milliseconds until then, else 0.
 */
function waitUntilUnder(rows: readonly { created_at: Date }[], max: number, windowMs: number, at: number): number {
  if (rows.length < max) return 0;
  const leaving = rows[rows.length - max];
  return leaving === undefined ? 0 : Math.max(1, leaving.created_at.getTime() + windowMs - at);
}

/** Records an accepted request (what the limits above count). */
export async function logSmsRequest(trx: Transaction<Database>, who: SmsRequester, now: Date): Promise<void> {
  await trx.insertInto('sms_send_log').values({ mobile: who.mobile, purpose: who.purpose, ip: who.ip, created_at: now }).execute();
}

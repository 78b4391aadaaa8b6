import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';

const DAY_MS = 86_400_000;

/**
 * Deletes account rows nobody can need any more: captcha signatures past their challenge's
 * expiry, SMS codes, send-log rows, login and reset failures older than the longest limit window
 * (a day), upload tokens that expired unused, sessions expired or revoked over 30 days ago.
 */
export async function purgeExpiredAccountRows(db: Kysely<Database>, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  await db.deleteFrom('captcha_used').where('expires_at', '<', now).execute();
  await db.deleteFrom('sms_code').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('sms_send_log').where('created_at', '<', dayAgo).execute();
  await db.deleteFrom('login_failure').where('created_at', '<', dayAgo).execute();
  await db.deleteFrom('reset_failure').where('created_at', '<', dayAgo).execute();
  await db.deleteFrom('upload').where('used_at', 'is', null).where('expires_at', '<', dayAgo).execute();
  await db
    .deleteFrom('user_session')
    .where((eb) => eb.or([eb('expires_at', '<', monthAgo), eb('revoked_at', '<', monthAgo)]))
    .execute();
}

/** Runs the purge every `intervalMs` (unref'd: it never keeps the process alive); stop() ends it. */
export function startHousekeeping(db: Kysely<Database>, now: () => Date, onError: (error: unknown) => void, intervalMs = 10 * 60_000): { stop(): void } {
  const timer = setInterval(() => {
    purgeExpiredAccountRows(db, now()).catch(onError);
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

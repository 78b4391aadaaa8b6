import type { Kysely } from 'kysely';
import { chinaMinute } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { revokeAllSessions } from './sessions/sessions';

/**
 * Account bans (issue 14, set by the moderation queue): `app_user.banned_until`. A banned member
 * is signed out everywhere at once, cannot log in or register a session until then (startSession
 * refuses), and a session that slipped through is refused like a revoked one (lookupSession).
 */
export async function banUser(db: Kysely<Database>, userId: number, until: Date, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('app_user').set({ banned_until: until }).where('id', '=', userId).execute();
    await revokeAllSessions(trx, userId, now);
  });
}

/** Lifts a ban at once. */
export async function unbanUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('app_user').set({ banned_until: null }).where('id', '=', userId).execute();
}

/** Until when a member is banned, or null. */
export async function bannedUntil(db: Kysely<Database>, userId: number, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('app_user').select('banned_until').where('id', '=', userId).executeTakeFirst();
  return row?.banned_until && row.banned_until.getTime() > now.getTime() ? row.banned_until : null;
}

/** Refuses a new session to a banned member, saying until when (China time). */
export async function refuseIfBanned(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  const until = await bannedUntil(db, userId, now);
  if (until !== null) throw errors.ACCOUNT_BANNED(chinaMinute(until));
}

import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema';

/** Tokens we issue: `st_` + base64url of 32 random bytes (43 characters). */
export const SESSION_TOKEN_PREFIX = 'st_';
const TOKEN_PATTERN = /^st_[A-Za-z0-9_-]{43}$/;

export interface SessionUser {
  id: number;
  user_nickname: string;
  avatar: string;
  exp: number;
  /** Integer money units. */
  balance: number;
  is_anchor: 0 | 1;
  invite_code: string;
}

/** The app_user columns that make a SessionUser (never the password hash). */
export const SESSION_USER_COLUMNS = ['id', 'user_nickname', 'avatar', 'exp', 'balance', 'is_anchor', 'invite_code'] as const;

export interface ActiveSession {
  sessionId: number;
  expiresAt: Date;
  user: SessionUser;
}

/** Why a presented token does or does not open a session; the auth plugin maps it to a code. */
export type SessionLookup =
  | { kind: 'malformed' }
  | { kind: 'unknown' }
  | { kind: 'revoked' }
  | { kind: 'expired' }
  | { kind: 'active'; session: ActiveSession };

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** Only the hash is stored: a copy of the database does not hand out live sessions (or upload tokens). */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** Creates a session for a user (login, registration) valid for `ttlSeconds`. */
export async function issueSession(db: Kysely<Database>, userId: number, ttlSeconds: number, now = new Date()): Promise<IssuedSession> {
  const token = SESSION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insertInto('user_session').values({ user_id: userId, token_hash: hashToken(token), expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** Ends one session (sign out); revoking twice is harmless. */
export async function revokeSession(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('user_session')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password reset): all devices must log in again. */
export async function revokeAllSessions(db: Kysely<Database> | Transaction<Database>, userId: number, now = new Date()): Promise<void> {
  await db.updateTable('user_session').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export async function lookupSession(db: Kysely<Database>, token: string, now = new Date()): Promise<SessionLookup> {
  if (!isWellFormedToken(token)) return { kind: 'malformed' };
  const row = await db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.id as session_id', 's.expires_at', 's.revoked_at', 'u.banned_until', ...SESSION_USER_COLUMNS.map((column) => `u.${column}` as const)])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (row === undefined) return { kind: 'unknown' };
  // Revoked wins over expired: the user was signed out on purpose.
  if (row.revoked_at !== null) return { kind: 'revoked' };
  if (row.expires_at.getTime() <= now.getTime()) return { kind: 'expired' };
  // Banned by ops (accounts/bans.ts revokes the sessions; this covers one issued meanwhile).
  if (row.banned_until !== null && row.banned_until.getTime() > now.getTime()) return { kind: 'revoked' };
  const { session_id, expires_at, revoked_at: _revoked, banned_until: _banned, ...user } = row;
  return { kind: 'active', session: { sessionId: session_id, expiresAt: expires_at, user } };
}

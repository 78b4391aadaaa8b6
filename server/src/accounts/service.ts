import { type LoginResult, type UserProfile, levelOf } from '@sports/shared/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountServices } from './accountServices';
import { isFromBrowser } from './sessions/browserRequest';
import { setSessionCookie } from './sessions/sessionCookie';
import { refuseIfBanned } from './bans';
import { SESSION_USER_COLUMNS, type SessionUser, issueSession } from './sessions/sessions';
import type { Database } from '../infra/db/schema';

/** The signed-in user's profile as the site shows it (SPEC.md section 3), never the password hash. */
export function toUserProfile(user: SessionUser): UserProfile {
  return {
    id: user.id,
    user_nickname: user.user_nickname,
    avatar: user.avatar,
    exp: user.exp,
    level: levelOf(user.exp),
    balance: user.balance,
    is_anchor: user.is_anchor,
    invite_code: user.invite_code,
  };
}

export async function loadSessionUser(db: Kysely<Database>, userId: number): Promise<SessionUser> {
  return db.selectFrom('app_user').select(SESSION_USER_COLUMNS).where('id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * Login and registration end here: a new session, its cookie, and the LoginResult. A browser
 * gets the token only as the HttpOnly cookie (a copy in the body would be readable by any script
 * on the page); other clients get it in `data.token`, to send in the `token` header.
 */
export async function startSession(
  db: Kysely<Database>,
  services: AccountServices,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
): Promise<LoginResult> {
  const now = services.clock();
  await refuseIfBanned(db, user.id, now);
  const session = await issueSession(db, user.id, services.config.sessionTtlSeconds, now);
  setSessionCookie(request, reply, session, now);
  const profile = toUserProfile(user);
  return isFromBrowser(request) ? profile : { ...profile, token: session.token };
}

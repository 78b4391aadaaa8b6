import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { lookupSession } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { presentedToken } from '../accounts/index';

/** The guest id cookie (SPEC.md's youkeid): lets a visitor keep their canary bucket. */
export const VISITOR_COOKIE = 'vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The key a visitor is bucketed by: the user id when logged in (the same bucket on every
 * device), else the guest id, given now in a cookie when the browser has none.
 */
export async function visitorKeyOf(db: Kysely<Database>, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const token = presentedToken(request);
  if (token) {
    const lookup = await lookupSession(db, token);
    if (lookup.kind === 'active') return `user:${lookup.session.user.id}`;
  }
  const known = request.cookies[VISITOR_COOKIE];
  if (known && VISITOR_ID.test(known)) return `guest:${known}`;
  const guestId = randomBytes(16).toString('base64url');
  reply.setCookie(VISITOR_COOKIE, guestId, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: ONE_YEAR_SECONDS });
  return `guest:${guestId}`;
}

// Brings in the `request.cookies` typing.
import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type ActiveSession, type SessionLookup, lookupSession } from './sessions/sessions';
import { type Clock, systemClock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import type { App } from '../infra/http/types';

export { issueSession, revokeSession } from './sessions/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, set by `requireLogin`; null on routes that do not require it. */
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** preHandler: answers 700/50008/50012/50014 unless a live session is presented. */
    requireLogin: (request: FastifyRequest) => Promise<void>;
  }
}

/** The `token` header (non-browser clients), or null. */
export function headerToken(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && value !== '' ? value : null;
}

/**
 * The token travels in the `token` header (other clients) or the `token` cookie (browsers). The
 * header wins: a request that sets it is the one the CSRF check exempts, so it must be the one
 * that authenticates.
 */
export function presentedToken(request: FastifyRequest): string | null {
  const fromHeader = headerToken(request);
  if (fromHeader !== null) return fromHeader;
  const fromCookie = request.cookies.token;
  return fromCookie !== undefined && fromCookie !== '' ? fromCookie : null;
}

/**
 * Decorates the root instance (not an encapsulated plugin) so every module sees
 * `request.session` and `app.requireLogin`. Needs @fastify/cookie registered first.
 */
export function installAuth(app: App, db: Kysely<Database>, clock: Clock = systemClock): void {
  app.decorateRequest('session', null);
  app.decorate('requireLogin', requireLoginWith((token) => lookupSession(db, token, clock())));
}

/**
 * A `requireLogin` preHandler over a way of reading a session (one query a request here; the
 * sessions of the requests in flight read together for the hot routes, sessions/batchedLogin.ts):
 * no token 700, a malformed one TOKEN_ILLEGAL, unknown or revoked (or banned) SESSION_REPLACED,
 * expired SESSION_EXPIRED; an active one becomes `request.session`.
 */
export function requireLoginWith(lookupOf: (token: string) => Promise<SessionLookup>): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const token = presentedToken(request);
    if (token === null) throw errors.LOGIN_REQUIRED();
    const lookup = await lookupOf(token);
    switch (lookup.kind) {
      case 'malformed':
        throw errors.TOKEN_ILLEGAL();
      case 'unknown':
      case 'revoked':
        throw errors.SESSION_REPLACED();
      case 'expired':
        throw errors.SESSION_EXPIRED();
      case 'active':
        request.session = lookup.session;
    }
  };
}

/** The session of a route guarded by `requireLogin` (a programming error if it is missing). */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (request.session === null) throw new Error('sessionOf() used on a route without requireLogin');
  return request.session;
}

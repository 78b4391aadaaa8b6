import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedSession } from './sessions';

export const TOKEN_COOKIE = 'token';

function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    // request.protocol is 'https' only on a TLS listener (trustProxy is off): behind a TLS proxy,
    // enable trustProxy so X-Forwarded-Proto counts.
    secure: request.protocol === 'https',
  };
}

/** The browser keeps the token in an HttpOnly cookie (never readable by page scripts). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: IssuedSession, now: Date): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
  reply.setCookie(TOKEN_COOKIE, session.token, { ...cookieOptions(request), maxAge });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, cookieOptions(request));
}

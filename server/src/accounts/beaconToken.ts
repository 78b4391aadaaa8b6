import { createHmac, timingSafeEqual } from 'node:crypto';
import { WATCH_BEACON_TOKEN_TTL_SECONDS } from '@sports/shared/server';
import type { FastifyRequest } from 'fastify';
import { presentedToken } from './authPlugin';

/**
 * The beacon token: the narrow CSRF proof of a route whose last call goes out as
 * `navigator.sendBeacon` (which carries the cookie but cannot set X-Requested-With). Only the
 * watch heartbeat (`POST api/User/watchRecord`, config `beaconToken: true`) accepts one.
 *
 * `<expires, unix seconds>.<HMAC-SHA256, keyed by the session token, over the route and expiry>`:
 * bound to the session (another session's token, or a guessed one, does not verify), to the route
 * (a token for the heartbeat opens nothing else) and short-lived. Nothing is stored: any server
 * holding the session cookie can check it. The site gets it in the heartbeat's answer, which only
 * a same-origin script can read; a cross-site page never sees one, and its requests are refused
 * on Sec-Fetch-Site / Origin before the token is even read (accounts/csrf.ts).
 */
export const BEACON_TOKEN_TTL_SECONDS = WATCH_BEACON_TOKEN_TTL_SECONDS;

/** A fresh beacon token for the route this request is on (the request must carry the session). */
export function issueBeaconToken(request: FastifyRequest, now: Date): string {
  const session = presentedToken(request);
  if (session === null) throw new Error('issueBeaconToken() on a request without a session');
  const expires = Math.floor(now.getTime() / 1000) + BEACON_TOKEN_TTL_SECONDS;
  return `${expires}.${mac(session, request.routeOptions.url ?? '', expires)}`;
}

/** Whether `token` is a live beacon token for this session cookie and route. */
export function verifyBeaconToken(token: unknown, sessionToken: string, routeUrl: string, now: Date): boolean {
  if (typeof token !== 'string' || token.length > 200) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (match === null) return false;
  const expires = Number(match[1]);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (expires < nowSeconds || expires > nowSeconds + BEACON_TOKEN_TTL_SECONDS) return false;
  const expected = Buffer.from(mac(sessionToken, routeUrl, expires));
  const given = Buffer.from(match[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function mac(sessionToken: string, routeUrl: string, expires: number): string {
  return createHmac('sha256', sessionToken).update(`beacon|${routeUrl.toLowerCase()}|${expires}`).digest('base64url');
}

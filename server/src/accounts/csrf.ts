import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from './sessions/sessionCookie';
import { errors } from '../infra/http/errorCatalogue';
import type { BusinessError } from '../infra/http/businessError';
import { type Clock, systemClock } from '../infra/clock';
import { routeChangesState } from '../infra/http/stateChange';
import { headerToken } from './authPlugin';
import { verifyBeaconToken } from './beaconToken';

/**
 * The one CSRF rule, for every route that changes state whatever its method (which routes do:
 * infra/http/stateChange.ts; POST/PUT/PATCH/DELETE always, a GET when its route config says
 * `changesState: true`). Such a request that carries the `token` cookie (an ambient credential: the
 * browser adds it to a top-level navigation from any site, SameSite=Lax lets GETs through) must
 *
 * - not come from another site: `Sec-Fetch-Site: cross-site`, or an Origin that is not this host,
 *   is refused (BAD_ORIGIN);
 * - say `X-Requested-With: XMLHttpRequest` (the site's API client always does; a link, a form or
 *   an image cannot, and a cross-site script would need a CORS preflight we never grant). Without
 *   it a GET is refused with LIVE_NEEDS_XHR, any other method with BAD_ORIGIN (the reasons the
 *   error catalogue has published for these cases; both read 请求来源无效). A route with
 *   `beaconToken: true` may instead carry a beacon token in its JSON body (accounts/beaconToken.ts),
 *   checked once the body is parsed.
 *
 * A `token` header is not ambient (a page cannot make the browser add it): exempt. A request
 * without the cookie has nothing to forge: exempt.
 */
export function installCsrfProtection(app: FastifyInstance, clock: Clock = systemClock): void {
  /** Requests on a beaconToken route that lacked X-Requested-With: their token is checked after parsing. */
  const awaitingBeaconToken = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    if (!routeChangesState(request.method, request.routeOptions.config)) return;
    const refusal = csrfRefusal(request);
    if (refusal === null) return;
    if (refusal.reason === 'NEEDS_XHR' && request.routeOptions.config?.beaconToken === true) {
      awaitingBeaconToken.add(request);
      return;
    }
    throw refusal.error();
  });
  app.addHook('preValidation', async (request) => {
    if (!awaitingBeaconToken.has(request)) return;
    const body = request.body as { beacon_token?: unknown } | null | undefined;
    const cookie = request.cookies[TOKEN_COOKIE] ?? '';
    if (!verifyBeaconToken(body?.beacon_token, cookie, request.routeOptions.url ?? '', clock())) throw errors.BAD_ORIGIN();
  });
}

/**
 * The same rule for a route that changes state only with some inputs (`api/Live/getLiveUrl?reset=1`):
 * call it from the handler (or a preHandler) before the change.
 */
export async function requireStateChangeProof(request: FastifyRequest): Promise<void> {
  const refusal = csrfRefusal(request);
  if (refusal !== null) throw refusal.error();
}

/** Whether a state-changing request passes the rule (the method is not looked at here). */
export function isAllowed(request: FastifyRequest): boolean {
  return csrfRefusal(request) === null;
}

interface Refusal {
  reason: 'CROSS_SITE' | 'NEEDS_XHR';
  error: () => BusinessError;
}

function csrfRefusal(request: FastifyRequest): Refusal | null {
  if (headerToken(request) !== null) return null;
  const cookie = request.cookies[TOKEN_COOKIE];
  if (cookie === undefined || cookie === '') return null;
  const origin = request.headers.origin;
  if (request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !sameHost(origin, request.headers.host))) {
    return { reason: 'CROSS_SITE', error: () => errors.BAD_ORIGIN() };
  }
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    const read = request.method === 'GET' || request.method === 'HEAD';
    return { reason: 'NEEDS_XHR', error: () => (read ? errors.LIVE_NEEDS_XHR() : errors.BAD_ORIGIN()) };
  }
  return null;
}

/** Whether an Origin header names this host (a WebSocket upgrade's check too: alerts/alertSocketRoute.ts). */
export function sameHost(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const from = new URL(origin);
    // Parsed with the origin's scheme so a default port written out (Host: site:80) still matches.
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    // 'null' (sandboxed frames, file://) and garbage are not this site.
    return false;
  }
}

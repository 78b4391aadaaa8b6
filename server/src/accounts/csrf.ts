import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from './sessions/sessionCookie';
import { errors } from '../infra/http/errorCatalogue';
import { headerToken } from './authPlugin';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection for the cookie. A state-changing request that carries the `token` cookie must
 * say `X-Requested-With: XMLHttpRequest` (the site's API client always does; a cross-site form
 * cannot set headers, and a cross-site script would need a CORS preflight we never grant) and,
 * when it has an Origin, come from this host. A `token` header is not ambient: exempt.
 */
export function installCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isAllowed(request)) throw errors.BAD_ORIGIN();
  });
}

export function isAllowed(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return true;
  if (headerToken(request) !== null) return true;
  const cookie = request.cookies[TOKEN_COOKIE];
  if (cookie === undefined || cookie === '') return true;
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') return false;
  const origin = request.headers.origin;
  return origin === undefined || sameHost(origin, request.headers.host);
}

function sameHost(origin: string, host: string | undefined): boolean {
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

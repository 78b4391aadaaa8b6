import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { lookupSession } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { headerToken, presentedToken } from '../accounts/index';

/**
 * The signed-in viewer of a public page, or null for a guest. Unlike requireLogin, a stale
 * token is not an error here: the room must still show, as to a guest.
 */
export async function optionalViewerId(db: Kysely<Database>, clock: Clock, request: FastifyRequest): Promise<number | null> {
  const token = presentedToken(request);
  if (token === null) return null;
  const lookup = await lookupSession(db, token, clock());
  return lookup.kind === 'active' ? lookup.session.user.id : null;
}

/**
 * preHandler for the GET calls SPEC.md makes change state (startRoom, ban1, setRoomAdmin, …).
 * The session cookie rides along on a top-level navigation to such a URL from another site, so
 * a cookie-authenticated call must also say X-Requested-With (the site's API client always does;
 * a link or a form cannot). A `token` header is not ambient: exempt, as in plugins/csrf.ts.
 */
export async function requireXhrForStateChange(request: FastifyRequest): Promise<void> {
  if (headerToken(request) !== null) return;
  if (request.headers['x-requested-with'] === 'XMLHttpRequest') return;
  throw errors.LIVE_NEEDS_XHR();
}

import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { lookupSession } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { presentedToken } from '../accounts/index';

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

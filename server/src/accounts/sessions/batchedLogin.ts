import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { requireLoginWith } from '../authPlugin';
import { hashToken, isWellFormedToken } from './sessions';
import { type BatchEntry, NaturalBatcher } from '../../infra/batching/naturalBatcher';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';

/**
 * `requireLogin` for the hot routes (a gift send, a red packet grab), with the sessions of the
 * requests in flight read together (bench/gifts/README.md, "Round four"). `app.requireLogin` reads one session a request, a round
 * trip of its own (its query costs PostgreSQL 0.02 ms; the round trip and the protocol about ten
 * times that, and the server as much again); at a busy room's rate that was a third of what a
 * send cost. Here the lookups wait in line as the gift batches do (`wallet/gifts/giftBatcher.ts`;
 * natural batching, `infra/batching/naturalBatcher.ts`): idle, a lookup goes at once; busy, the
 * tokens that arrived during the previous query go together in the next one
 * (`token_hash = any(...)`), at most 2 queries in flight.
 *
 * Nothing is cached: every send's session is read after the request arrived, so a session signed
 * out, expired or banned before it is refused exactly as `app.requireLogin` refuses it (the same
 * rules as `accounts/sessions/sessions.ts` `lookupSession`, and the same errors; `batchedLogin.test.ts`
 * holds the two to the same answers).
 */

type ActiveSession = NonNullable<FastifyRequest['session']>;

export type BatchedSessionLookup = { kind: 'malformed' } | { kind: 'unknown' } | { kind: 'revoked' } | { kind: 'expired' } | { kind: 'active'; session: ActiveSession };

/** A token's lookup waiting for its query: the token's hash, in hex. */
type Waiting = BatchEntry<string, BatchedSessionLookup>;

export interface SessionLookupsOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Most tokens in one query (the rest wait for the next). */
  maxBatch?: number;
  /** Queries in flight at once. */
  maxInFlight?: number;
}

const DEFAULT_MAX_BATCH = 256;
const DEFAULT_MAX_IN_FLIGHT = 2;

export class SessionLookups {
  private readonly batcher: NaturalBatcher<string, BatchedSessionLookup>;

  constructor(private readonly options: SessionLookupsOptions) {
    this.batcher = new NaturalBatcher({
      name: 'SessionLookups',
      maxBatch: options.maxBatch ?? DEFAULT_MAX_BATCH,
      maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
      run: (batch) => this.run(batch),
    });
  }

  /** Queries run and tokens looked up since the start. */
  get counters(): { queries: number; lookups: number } {
    const { batches, items } = this.batcher.stats();
    return { queries: batches, lookups: items };
  }

  /** The session `token` opens now, as `lookupSession` answers it, read in the next query. */
  lookup(token: string): Promise<BatchedSessionLookup> {
    if (!isWellFormedToken(token)) return Promise.resolve({ kind: 'malformed' });
    return this.batcher.add(hashToken(token).toString('hex'));
  }

  /** One query for the batch's tokens; if it fails, the batcher rejects the batch's lookups with its error. */
  private async run(batch: readonly Waiting[]): Promise<void> {
    const hashes = [...new Set(batch.map((entry) => entry.item))].map((hex) => Buffer.from(hex, 'hex'));
    const rows = await this.options.db
      .selectFrom('user_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.token_hash', 's.id as session_id', 's.expires_at', 's.revoked_at', 'u.banned_until', 'u.id', 'u.user_nickname', 'u.avatar', 'u.exp', 'u.balance', 'u.is_anchor', 'u.invite_code'])
      .where('s.token_hash', '=', sql<Buffer>`any(${hashes}::bytea[])`)
      .execute();
    const now = this.options.clock().getTime();
    const byHash = new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
    for (const entry of batch) {
      const row = byHash.get(entry.item);
      entry.resolve(row === undefined ? { kind: 'unknown' } : classify(row, now));
    }
  }
}

interface SessionRow {
  session_id: number;
  expires_at: Date;
  revoked_at: Date | null;
  banned_until: Date | null;
  id: number;
  user_nickname: string;
  avatar: string;
  exp: number;
  balance: number;
  is_anchor: 0 | 1;
  invite_code: string;
}

/** `lookupSession`'s rules: revoked wins over expired; a ban in force counts as revoked. */
function classify(row: SessionRow, now: number): BatchedSessionLookup {
  if (row.revoked_at !== null) return { kind: 'revoked' };
  if (row.expires_at.getTime() <= now) return { kind: 'expired' };
  if (row.banned_until !== null && row.banned_until.getTime() > now) return { kind: 'revoked' };
  const { id, user_nickname, avatar, exp, balance, is_anchor, invite_code } = row;
  return { kind: 'active', session: { sessionId: row.session_id, expiresAt: row.expires_at, user: { id, user_nickname, avatar, exp, balance, is_anchor, invite_code } } };
}

/** A preHandler answering as `app.requireLogin` does (700 / TOKEN_ILLEGAL / SESSION_REPLACED / SESSION_EXPIRED), the session read by `lookups`. */
export function batchedRequireLogin(lookups: SessionLookups): (request: FastifyRequest) => Promise<void> {
  return requireLoginWith((token) => lookups.lookup(token));
}

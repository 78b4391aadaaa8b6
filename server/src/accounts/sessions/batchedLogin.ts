import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { requireLoginWith } from '../authPlugin';
import { hashToken, isWellFormedToken } from './sessions';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';

/**
 * `requireLogin` for the hot routes (a gift send, a red packet grab), with the sessions of the
 * requests in flight read together (bench/gifts/README.md, "Round four"). `app.requireLogin` reads one session a request, a round
 * trip of its own (its query costs PostgreSQL 0.02 ms; the round trip and the protocol about ten
 * times that, and the server as much again); at a busy room's rate that was a third of what a
 * send cost. Here the lookups wait in line as the gift batches do (`wallet/gifts/giftBatcher.ts`): idle, a
 * lookup goes at once; busy, the tokens that arrived during the previous query go together in the
 * next one (`token_hash = any(...)`), at most 2 queries in flight.
 *
 * Nothing is cached: every send's session is read after the request arrived, so a session signed
 * out, expired or banned before it is refused exactly as `app.requireLogin` refuses it (the same
 * rules as `accounts/sessions/sessions.ts` `lookupSession`, and the same errors; `batchedLogin.test.ts`
 * holds the two to the same answers).
 */

type ActiveSession = NonNullable<FastifyRequest['session']>;

export type BatchedSessionLookup = { kind: 'malformed' } | { kind: 'unknown' } | { kind: 'revoked' } | { kind: 'expired' } | { kind: 'active'; session: ActiveSession };

interface Waiting {
  hash: string;
  resolve: (lookup: BatchedSessionLookup) => void;
  reject: (error: unknown) => void;
}

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
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  /** Queries run and tokens looked up since the start. */
  readonly counters = { queries: 0, lookups: 0 };

  constructor(private readonly options: SessionLookupsOptions) {
    this.maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    this.maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  }

  /** The session `token` opens now, as `lookupSession` answers it, read in the next query. */
  lookup(token: string): Promise<BatchedSessionLookup> {
    if (!isWellFormedToken(token)) return Promise.resolve({ kind: 'malformed' });
    return new Promise<BatchedSessionLookup>((resolve, reject) => {
      this.waiting.push({ hash: hashToken(token).toString('hex'), resolve, reject });
      this.startNext();
    });
  }

  private startNext(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.startNext();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    this.counters.queries += 1;
    this.counters.lookups += batch.length;
    try {
      const hashes = [...new Set(batch.map((entry) => entry.hash))].map((hex) => Buffer.from(hex, 'hex'));
      const rows = await this.options.db
        .selectFrom('user_session as s')
        .innerJoin('app_user as u', 'u.id', 's.user_id')
        .select(['s.token_hash', 's.id as session_id', 's.expires_at', 's.revoked_at', 'u.banned_until', 'u.id', 'u.user_nickname', 'u.avatar', 'u.exp', 'u.balance', 'u.is_anchor', 'u.invite_code'])
        .where('s.token_hash', '=', sql<Buffer>`any(${hashes}::bytea[])`)
        .execute();
      const now = this.options.clock().getTime();
      const byHash = new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
      for (const entry of batch) {
        const row = byHash.get(entry.hash);
        entry.resolve(row === undefined ? { kind: 'unknown' } : classify(row, now));
      }
    } catch (error) {
      for (const entry of batch) entry.reject(error);
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

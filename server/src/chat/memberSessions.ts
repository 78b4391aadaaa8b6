import type { Kysely } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';

/** Ids per query: far under PostgreSQL's 65,535 parameters. */
const QUERY_CHUNK = 5_000;

/**
 * Whether the site sessions behind members' chat signatures are still active (user_session: not
 * revoked by a sign-out or a password reset, not expired, not removed). Never cached: the answer
 * must change the moment a session ends, on every node, whoever ended it.
 */
export class MemberSessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async isActive(sessionId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_session')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', this.clock())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Of these sessions, the ones no longer active (a query per 5,000: every member on the node). */
  async ended(sessionIds: readonly number[]): Promise<Set<number>> {
    const active = new Set<number>();
    for (let start = 0; start < sessionIds.length; start += QUERY_CHUNK) {
      const rows = await this.db
        .selectFrom('user_session')
        .select('id')
        .where('id', 'in', sessionIds.slice(start, start + QUERY_CHUNK))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', this.clock())
        .execute();
      for (const row of rows) active.add(Number(row.id));
    }
    return new Set(sessionIds.filter((id) => !active.has(id)));
  }
}

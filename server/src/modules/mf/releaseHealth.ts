import type { ReleaseHealth, RemoteName } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface HaltPolicy {
  /** Halt when errors / (loads + errors) reaches this (0-1). */
  errorRate: number;
  /** …over at least this many reports, so two early failures do not halt a release. */
  minSample: number;
  windowSeconds: number;
}

export const DEFAULT_HALT_POLICY: HaltPolicy = { errorRate: 0.2, minSample: 20, windowSeconds: 300 };

/** Loads and failures reported by browsers for one release over the last window. */
export async function releaseHealth(db: Kysely<Database>, remote: RemoteName, releaseId: string, windowSeconds: number): Promise<ReleaseHealth> {
  const row = await db
    .selectFrom('mf_telemetry')
    .select([
      sql<number>`count(*) filter (where phase = 'loaded')`.as('loads'),
      sql<number>`count(*) filter (where phase in ('load', 'render'))`.as('errors'),
    ])
    .where('remote', '=', remote)
    .where('version', '=', releaseId)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .executeTakeFirstOrThrow();
  const loads = Number(row.loads);
  const errors = Number(row.errors);
  const sample = loads + errors;
  return { loads, errors, errorRate: sample === 0 ? 0 : errors / sample, windowSeconds };
}

export function breachesPolicy(health: ReleaseHealth, policy: HaltPolicy): boolean {
  return health.loads + health.errors >= policy.minSample && health.errorRate >= policy.errorRate;
}

import type { ReleaseHealth, RemoteName } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';

export interface HaltPolicy {
  /** Halt when errors / (loads + errors) reaches this (0-1). */
  errorRate: number;
  /** …over at least this many visitors, so two early failures do not halt a release. */
  minSample: number;
  windowSeconds: number;
}

/**
 * Each address counts for at most this many distinct visitors, of loads and of failures alike:
 * one client (or one office behind NAT) cannot halt a canary, nor hide its errors, alone.
 */
export const VISITORS_PER_ADDRESS = 5;

export const DEFAULT_HALT_POLICY: HaltPolicy = { errorRate: 0.2, minSample: 20, windowSeconds: 300 };

/**
 * Visitors who loaded one release, and visitors for whom it failed, over the last window:
 * distinct visitors, at most VISITORS_PER_ADDRESS of each kind per address.
 */
export async function releaseHealth(db: Kysely<Database>, remote: RemoteName, releaseId: string, windowSeconds: number): Promise<ReleaseHealth> {
  const { rows } = await sql<{ loads: number; errors: number }>`
    with reporters as (
      select distinct ip, visitor, phase <> 'loaded' as failed
      from mf_telemetry
      where remote = ${remote} and version = ${releaseId}
        and created_at > now() - make_interval(secs => ${windowSeconds})
    ), ranked as (
      select failed, row_number() over (partition by ip, failed order by visitor) as place from reporters
    )
    select count(*) filter (where not failed and place <= ${VISITORS_PER_ADDRESS}) as loads,
           count(*) filter (where failed and place <= ${VISITORS_PER_ADDRESS}) as errors
    from ranked`.execute(db);
  const loads = Number(rows[0]?.loads ?? 0);
  const errors = Number(rows[0]?.errors ?? 0);
  const sample = loads + errors;
  return { loads, errors, errorRate: sample === 0 ? 0 : errors / sample, windowSeconds };
}

export function breachesPolicy(health: ReleaseHealth, policy: HaltPolicy): boolean {
  return health.loads + health.errors >= policy.minSample && health.errorRate >= policy.errorRate;
}

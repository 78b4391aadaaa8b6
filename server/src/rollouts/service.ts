import type { RemoteTelemetry } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';

/** User agents can be arbitrarily long; 300 characters identify a browser. */
export const USER_AGENT_MAX_LENGTH = 300;

/** Stores one report from a browser: a remote release loaded, or failed to load or render. */
export async function recordTelemetry(
  db: Kysely<Database>,
  report: RemoteTelemetry,
  reporter: { userAgent: string | undefined; visitor: string; ip: string },
): Promise<void> {
  const { userAgent } = reporter;
  await db
    .insertInto('mf_telemetry')
    .values({
      remote: report.remote,
      version: report.version,
      phase: report.phase,
      message: report.message,
      route: report.route ?? null,
      user_agent: userAgent === undefined ? null : userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      visitor: reporter.visitor,
      ip: reporter.ip,
    })
    .execute();
}

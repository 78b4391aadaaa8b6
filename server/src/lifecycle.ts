import type { FastifyBaseLogger } from 'fastify';

/** What has started so far (start-up can fail half-way); only the stop methods are needed. */
export interface RunningParts {
  app?: { close(): PromiseLike<unknown> } | undefined;
  database?: { close(): Promise<void> } | undefined;
  embedded?: { stop(): Promise<void> } | null | undefined;
  log: FastifyBaseLogger;
}

/**
 * Stops in dependency order: HTTP and sockets first (no new work, in-flight requests finish),
 * then the pool they used, then the database server. A failing step is logged and the next one
 * still runs. Resolves to true when every step succeeded.
 */
export async function shutdown(parts: RunningParts): Promise<boolean> {
  const { app, database, embedded } = parts;
  const steps: [string, () => PromiseLike<unknown>][] = [];
  if (app) steps.push(['http server and sockets', () => app.close()]);
  if (database) steps.push(['database pool', () => database.close()]);
  if (embedded) steps.push(['embedded PostgreSQL', () => embedded.stop()]);
  let clean = true;
  for (const [name, stop] of steps) {
    try {
      await stop();
      parts.log.info(`stopped ${name}`);
    } catch (error) {
      clean = false;
      parts.log.error({ err: error }, `failed to stop ${name}`);
    }
  }
  return clean;
}

import type { Kysely } from 'kysely';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';
import type { HotPostsReader } from '../portal/portal';
import { portalRoutes } from '../portal/portalRoutes';
import { headlineOpsRoutes, headlineRoutes } from './headlineRoutes';
import { REPORT_INTERVAL_MS, writeMatchReports } from './matchReports';
import { writeColumns, writePreviews } from './demoArticles';

export interface HeadlinesOptions {
  db: Kysely<Database>;
  clock: Clock;
  opsToken: string;
  /**
   * How often finished demo matches are looked for to write their reports; null: never (the
   * writer is then only called directly). Default REPORT_INTERVAL_MS when the demo feed runs.
   */
  matchReportIntervalMs?: number | null;
  /** The circle's hot posts for the portal feed (absent: headlines only). */
  hotPosts?: HotPostsReader;
}

/**
 * Headlines and the portal feed inside the community plugin (community/headlines/README.md): the
 * public routes, the ops editor behind the ops token, and the match-report writer while the demo
 * feed runs (`app.liveFeed` is not null).
 */
export async function registerHeadlines(app: App, options: HeadlinesOptions): Promise<void> {
  const { db, clock } = options;
  await app.register(headlineRoutes, { db, clock });
  await app.register(headlineOpsRoutes, { db, clock, opsToken: options.opsToken });
  await app.register(portalRoutes, { db, hotPosts: options.hotPosts ?? null });

  const demoFeed = app.liveFeed !== null;
  const interval = options.matchReportIntervalMs === undefined ? (demoFeed ? REPORT_INTERVAL_MS : null) : options.matchReportIntervalMs;
  if (interval === null) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const now = clock();
    writeMatchReports(db, now)
      // Beside the reports: previews of the big games, a table analysis and a rumour a day (demoArticles.ts).
      .then(async (written) => written + (await writePreviews(db, now)) + (await writeColumns(db, now)))
      .then((written) => {
        if (written > 0) app.log.info({ written }, 'match reports written');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'match reports failed'))
      .finally(() => {
        running = false;
      });
  }, interval);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

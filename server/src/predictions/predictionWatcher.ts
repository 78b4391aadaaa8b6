import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { PredictionService } from './predictionService';

/**
 * Watches the feed's results for the predictions still to resolve (predictions/README.md): each
 * tick, on every node, (1) open predictions past their lock time become `locked`; (2) a bound
 * prediction whose match the feed marked `finished` is settled from the final score; (3) one whose
 * match has not finished `abandonAfterHours` after kick-off is refunded (the feed has no
 * "abandoned" state: a match that never ends is one). The scores never import predictions: the
 * watcher reads `match` (the feed's table) on its own. Every node and every tick may try: the
 * settlement is exactly once (settlement.ts), so a restart or a second node only tries again.
 */
export class PredictionWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly service: PredictionService,
    private readonly options: { tickMs: number; abandonAfterHours: number; log: FastifyBaseLogger },
  ) {}

  start(): void {
    if (this.timer !== null || this.options.tickMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass (tests call it by hand). */
  tick(): Promise<void> {
    if (this.running !== null) return this.running;
    this.running = this.pass()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'predictions: a watcher pass failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass(): Promise<void> {
    await sql`update prediction set state = 'locked' where state = 'open' and lock_at <= clock_timestamp()`.execute(this.db);
    const { rows } = await sql<{ id: string; status: string; home_score: number; away_score: number; abandoned: boolean }>`
      select p.id, m.status, m.home_score, m.away_score,
             (m.status <> 'finished' and m.kickoff_at < clock_timestamp() - make_interval(hours => ${this.options.abandonAfterHours})) as abandoned
      from prediction p join match m on m.id = p.match_id
      where p.state in ('open', 'locked') and (m.status = 'finished' or m.kickoff_at < clock_timestamp() - make_interval(hours => ${this.options.abandonAfterHours}))
      order by p.id limit 100`.execute(this.db);
    for (const row of rows) {
      const id = Number(row.id);
      const figures = row.abandoned ? await this.service.refund(id, 'feed:abandoned') : await this.service.settleFromScore(id, row.home_score, row.away_score, 'feed:finished');
      if (figures.answer !== 'already') this.options.log.info({ predictionId: id, ...figures }, 'predictions: settled');
    }
  }
}

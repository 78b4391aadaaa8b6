import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { MatchFinished } from '../scores/index';
import type { PredictionService } from './predictionService';

/**
 * Settles the predictions bound to matches from the feed's results (predictions/README.md):
 * - **The full-time event** (`matchFinished`, from `app.matchResults` on the node that runs the
 *   feed, after the batch that says so committed): the open and locked predictions of those
 *   matches are settled from the final score at once, with one query.
 * - **A slow safety poll** (`tickMs`, 30 s by default), on every node: (1) open predictions past
 *   their lock time become `locked` (reads and stakes already go by the clock: this only writes
 *   the state); (2) a bound prediction whose match is `finished` and still unsettled (a node that
 *   stopped between the feed's commit and the event, a prediction created after the match ended)
 *   is settled; (3) one whose match has not finished `abandonAfterHours` after kick-off is refunded
 *   (the feed has no "abandoned" state: a match that never ends is one).
 * The scores never import predictions: the event is a port the scores fill, the poll reads `match`
 * (the feed's table) on its own. Every node and every path may try: the settlement is exactly once
 * (settlement.ts), so a repeated event, a restart or a second node only tries again.
 */
export class PredictionWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Full-time settlements under way (stop waits for them). */
  private readonly settling = new Set<Promise<void>>();

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
    await Promise.all([...this.settling]);
  }

  /**
   * The feed's full-time event: the open and locked predictions of these matches, settled from the
   * final score now (not at the next poll). Resolves when they were tried; a failure is logged
   * (the poll tries again).
   */
  matchFinished(finished: readonly MatchFinished[]): Promise<void> {
    const work = this.settleFinished(finished)
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'predictions: settling at full time failed (the watcher\'s poll tries again)'))
      .finally(() => this.settling.delete(work));
    this.settling.add(work);
    return work;
  }

  private async settleFinished(finished: readonly MatchFinished[]): Promise<void> {
    const scores = new Map(finished.map((match) => [match.matchId, match]));
    const { rows } = await sql<{ id: string; match_id: string }>`
      select p.id, p.match_id from prediction p
      where p.match_id = any(${[...scores.keys()]}::bigint[]) and p.state in ('open', 'locked')
      order by p.id`.execute(this.db);
    for (const row of rows) {
      const match = scores.get(Number(row.match_id)) as MatchFinished;
      const id = Number(row.id);
      const figures = await this.service.settleFromScore(id, match.homeScore, match.awayScore, 'feed:finished');
      if (figures.answer !== 'already') this.options.log.info({ predictionId: id, ...figures }, 'predictions: settled at full time');
    }
  }

  /** One pass of the safety poll (tests call it by hand). */
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

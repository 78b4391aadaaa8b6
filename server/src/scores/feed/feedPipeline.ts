import type { FastifyBaseLogger } from 'fastify';
import { matchStreamOf } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { exponentRows, goalData, matchRowsById, withoutHot } from '../matchRows';
import { type LiveDataHub, goalAudience } from '../liveData/liveDataHub';
import { FeedStore, type StoredBatch } from './feedStore';
import type { FeedBatch } from './matchFeed';
import type { MatchFinished } from './matchResults';
import { MatchCentreDeltas } from '../matchCentre/centreDeltas';

/**
 * Feed -> PostgreSQL -> live-data hub. Each batch is stored in one transaction (goals get their
 * seq there, so a reconnecting client can be sent them from the database), then what changed is
 * read back as API rows and published: one message per match row, per odds row, per goal.
 */
export class FeedPipeline {
  private readonly store: FeedStore;
  private readonly centreDeltas: MatchCentreDeltas;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: LiveDataHub,
    private readonly log?: FastifyBaseLogger,
    /** Told after commit of the matches that reached full time (matchResults.ts). */
    private readonly onFinished?: (finished: readonly MatchFinished[]) => void,
  ) {
    this.store = new FeedStore(db);
    this.centreDeltas = new MatchCentreDeltas(db);
  }

  /** A stored batch whose publishing failed (reading rows back): published before anything else. */
  private unpublished: StoredBatch | null = null;

  readonly deliver = async (batch: FeedBatch): Promise<void> => {
    if (this.unpublished !== null) {
      await this.publish(this.unpublished);
      this.unpublished = null;
    }
    const stored = await this.store.store(batch, (occurredAt) => (occurredAt >= batch.announceSince ? this.hub.allocateSeq('goal') : null));
    // Committed: the full-time results are facts now, whatever publishing does next.
    if (stored.finished.length > 0) this.onFinished?.(stored.finished);
    try {
      await this.publish(stored);
    } catch (error) {
      // Its goals have their seqs already: sending the batch again would store nothing new, so
      // they would never go out. Keep what was stored and publish it first next time.
      this.unpublished = stored;
      throw error;
    }
  };

  /** Reads everything first, then broadcasts (synchronously): a failed read has sent nothing yet. */
  private async publish(stored: StoredBatch): Promise<void> {
    const rows = await matchRowsById(this.db, stored.matchIds);
    const names = new Map(rows.map((row) => [row.match_id, row]));
    const missing = stored.newGoals.filter((goal) => !names.has(goal.match_id)).map((goal) => goal.match_id);
    for (const row of await matchRowsById(this.db, [...new Set(missing)])) names.set(row.match_id, row);
    const odds = await exponentRows(this.db, stored.oddsPairs);
    const deltas = await this.centreDeltas.build(stored.centre);

    for (const row of rows) this.hub.publish(matchStreamOf(row.sport), [row], { hot: row.hot, companyId: null });
    for (const goal of stored.newGoals) {
      const match = names.get(goal.match_id);
      if (match !== undefined) this.hub.broadcast('goal', goal.seq, goalData(goal, match), goalAudience());
    }
    for (const row of odds) {
      this.hub.publish(row.sport === 'football' ? 'football_exponent' : 'basketball_exponent', [withoutHot(row)], { hot: row.hot, companyId: row.company_id });
    }
    // The match centre's deltas: to the viewers of each match only (the hub filters on match_id).
    for (const delta of deltas) this.hub.publish('match_centre', delta, { hot: true, companyId: null });
    if (stored.newGoals.length > 0) this.log?.debug({ goals: stored.newGoals.length }, 'feed: goals published');
  }
}

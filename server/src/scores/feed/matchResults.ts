import type { FastifyBaseLogger } from 'fastify';

/** A match the feed just marked finished (its final score), after the batch that says so committed. */
export interface MatchFinished {
  matchId: number;
  homeScore: number;
  awayScore: number;
}

export type MatchFinishedListener = (finished: readonly MatchFinished[]) => void;

/**
 * The feed's full-time event for other domains (`app.matchResults`; predictions settle from it):
 * told on the node that runs the feed, once per stored batch holding matches whose state turned
 * `finished` in it (not again for a batch sent again after a restart: the row was finished
 * already). Another node hears nothing: a listener that must not miss a result keeps a slow poll
 * of the `match` table for the node that stopped between the commit and the call.
 */
export class MatchResults {
  private readonly listeners: MatchFinishedListener[] = [];

  constructor(private readonly log?: FastifyBaseLogger) {}

  onFinished(listener: MatchFinishedListener): void {
    this.listeners.push(listener);
  }

  /** The pipeline's call after commit; a listener that throws is logged, the feed goes on. */
  finished(finished: readonly MatchFinished[]): void {
    if (finished.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(finished);
      } catch (error) {
        this.log?.warn({ err: error }, 'feed: a full-time listener failed');
      }
    }
  }
}

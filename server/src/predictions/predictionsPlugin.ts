import type { PredictionTally } from '@sports/shared/server';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { predictionOpsRoutes } from './predictionOpsRoutes';
import { predictionRoutes } from './predictionRoutes';
import { PredictionService } from './predictionService';
import { PredictionTallies } from './predictionTallies';
import { PredictionWatcher } from './predictionWatcher';
import { type PredictionsConfig, defaultPredictionsConfig } from './predictionsConfig';

export interface PredictionsPluginOptions {
  db: Kysely<Database>;
  opsToken: string;
  config?: PredictionsConfig;
}

export interface PredictionsPort {
  service: PredictionService;
  watcher: PredictionWatcher;
  tallies: PredictionTallies;
}

declare module 'fastify' {
  interface FastifyInstance {
    predictions: PredictionsPort;
  }
}

/** The tally as the chat line carries it (cloudCustomData.prediction, shared/src/chat/protocol.ts). */
function chatTally(tally: PredictionTally) {
  return { id: tally.id, roomId: tally.room_id, state: tally.state, pool: tally.pool, winningOutcome: tally.winning_outcome, outcomes: tally.outcomes.map((outcome) => ({ pool: outcome.pool, stakes: outcome.stakes, share: outcome.share })) };
}

/**
 * Predictions (竞猜, issue 35; predictions/README.md): the service, the watcher that settles them
 * from the feed's full-time event (and a slow safety poll), the coalesced tallies to the room, the
 * `api/Prediction/*` routes.
 */
async function predictions(app: App, options: PredictionsPluginOptions): Promise<void> {
  const config = options.config ?? defaultPredictionsConfig();
  let tallies: PredictionTallies | null = null;
  const service = new PredictionService(options.db, (id) => tallies?.touch(id));
  tallies = new PredictionTallies((id) => service.tally(id), (tally, ownerId) => app.chatHub.announcePrediction(ownerId, chatTally(tally)), app.log, config.tallyIntervalMs);
  const watcher = new PredictionWatcher(options.db, service, { tickMs: config.watchTickMs, abandonAfterHours: config.abandonAfterHours, log: app.log });
  // The feed's full-time event (scores/feed/matchResults.ts, on the node running the feed) settles at once.
  app.matchResults.onFinished((finished) => void watcher.matchFinished(finished));
  app.addHook('onReady', async () => watcher.start());
  app.addHook('onClose', async () => {
    await watcher.stop();
    await tallies?.stop();
  });
  app.decorate('predictions', { service, watcher, tallies });
  await app.register(predictionRoutes, { service, opsToken: options.opsToken });
  await app.register(predictionOpsRoutes, { db: options.db, service, opsToken: options.opsToken });
}

export const predictionsPlugin = fp(predictions, {
  name: 'predictions',
  dependencies: ['accounts', 'chat', 'scores'],
  decorators: { fastify: ['chatHub', 'matchResults', 'requireLogin'] },
});

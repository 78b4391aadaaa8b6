import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import type { MediaConfig } from './media/mediaConfig';
import { mediaPlugin } from './media/mediaPlugin';
import { RoomGiftIncomePort } from './giftIncome';
import { RoomPresencePort } from './presence';
import { RoomEvents } from './roomEvents';
import { liveRoutes } from './routes';
import { thumbnailPlugin } from './thumbnails/thumbnailPlugin';

export interface LivePluginOptions {
  db: Kysely<Database>;
  /** Local state: the media signing secret, HLS segments. */
  dataDir: string;
  /** Video ingest and playback (live/media/mediaConfig.ts). */
  media: MediaConfig;
  /** The ops token: guards `api/ops/anchors` and `api/ops/rooms/:id/test`. */
  opsToken: string;
  clock?: Clock;
}

/**
 * The live domain: rooms and their video. Decorates `app.roomEvents` (what the rooms API
 * commits, for the chat to react to), `app.roomPresence` (filled by the chat), `app.roomGiftIncome`
 * (filled by the wallet: gift coins per room, for the ranking), and through the
 * media plugin `app.playbackUrls`, `app.streamEvents`, `app.streamViewers`, `app.ingestStreams`;
 * serves `api/Live/*`, `api/Live_streaming/*`, `api/ops/anchors`, `api/ops/rooms/:id/test`, `api/media/hooks/*` and the
 * playback files under `/live/`.
 */
async function live(app: App, options: LivePluginOptions): Promise<void> {
  app.decorate('roomEvents', new RoomEvents());
  app.decorate('roomPresence', new RoomPresencePort());
  app.decorate('roomGiftIncome', new RoomGiftIncomePort());
  await app.register(mediaPlugin, { db: options.db, dataDir: options.dataDir, config: options.media });
  await app.register(thumbnailPlugin, { db: options.db, dataDir: options.dataDir, media: options.media });
  await app.register(liveRoutes, { db: options.db, opsToken: options.opsToken, clock: options.clock });
}

export const livePlugin = fp(live, { name: 'live', dependencies: ['accounts'], decorators: { fastify: ['requireLogin'] } });

import path from 'node:path';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';
import { ffmpegAvailable } from '../media/ffmpeg';
import { HLS_ROOT_DIR } from '../media/mediaPlugin';
import type { MediaConfig } from '../media/mediaConfig';
import { streamNameFor } from '../media/playbackUrls';
import { grabFrame } from './frameGrabber';
import { latestSegment } from './latestSegment';
import { Thumbnailer } from './thumbnailer';
import { thumbnailRoutes } from './thumbnailRoutes';

/** Decodes at once across all rooms: each is a short ffmpeg run on one thread. */
export const THUMB_DECODES_AT_ONCE = 2;

declare module 'fastify' {
  interface FastifyInstance {
    /** Live rooms' latest frames (null: no thumbnails here: external media server or no ffmpeg). */
    thumbnails: Thumbnailer | null;
  }
}

export interface ThumbnailPluginOptions {
  db: Kysely<Database>;
  dataDir: string;
  media: MediaConfig;
}

/**
 * Live thumbnails (issue 15): with the embedded ingest and ffmpeg, a Thumbnailer decodes each live
 * room's newest HLS segment's first frame (the packager already cuts the stream at keyframes, so
 * no viewer connection is opened and nothing is counted); serves `/live/thumb/*` in every mode
 * (placeholders when there are no frames). Registered by live/livePlugin.ts after the media plugin.
 */
async function thumbnails(app: App, options: ThumbnailPluginOptions): Promise<void> {
  const ffmpegPath = options.media.mode === 'embedded' ? options.media.embedded.ffmpegPath : null;
  let thumbnailer: Thumbnailer | null = null;
  app.decorate('thumbnails', { getter: () => thumbnailer });
  await app.register(thumbnailRoutes, { db: options.db, frameOf: (roomId) => thumbnailer?.frameOf(roomId), remoteFrameOf: (roomId) => app.originThumbnail(roomId) });

  app.addHook('onReady', async () => {
    if (ffmpegPath === null || !(await ffmpegAvailable(ffmpegPath))) {
      app.log.info('live thumbnails off: ffmpeg not found (MEDIA_FFMPEG_PATH); cards show category placeholders');
      return;
    }
    const hlsRoot = path.join(options.dataDir, HLS_ROOT_DIR);
    thumbnailer = new Thumbnailer({
      events: app.streamEvents,
      concurrency: THUMB_DECODES_AT_ONCE,
      log: app.log.child({ module: 'thumbnails' }),
      grab: async (roomId) => {
        const segment = await latestSegment(path.join(hlsRoot, streamNameFor(roomId)));
        if (segment === null) throw new Error('no HLS segment yet');
        return grabFrame(ffmpegPath, segment);
      },
    });
  });
  app.addHook('preClose', async () => thumbnailer?.stop());
}

export const thumbnailPlugin = fp(thumbnails, { name: 'live-thumbnails', decorators: { fastify: ['streamEvents', 'originThumbnail'] } });

import path from 'node:path';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { goalAudience } from '../scores/index';
import { ClipCutter } from './clipCutter';
import { ClipMetrics } from './clipMetrics';
import { clipModerationTarget } from './clipModeration';
import { sweepClips } from './clipRetention';
import { clipRoutes } from './clipRoutes';
import { type ClipAnnouncer, ClipService } from './clipService';
import { type ClipStorage, mediaClipStorage } from './clipStorage';
import { type ClipsConfig, defaultClipsConfig } from './clipsConfig';
import { FeedClipWatcher } from './feedClipWatcher';

export interface ClipsPluginOptions {
  db: Kysely<Database>;
  /** CLIP_* (clipsConfig.ts); default every default. */
  config?: ClipsConfig;
  /** ffmpeg (the media config's); ffprobe is taken from beside it. */
  ffmpegPath?: string | null;
  /** Tests: another storage (a full disk), a faster archive wait, the watcher's interval. */
  overrides?: { storage?: ClipStorage; archiveWait?: { pollMs: number; graceMs: number }; watchIntervalMs?: number; sweepIntervalMs?: number };
}

export interface ClipsPort {
  service: ClipService;
  watcher: FeedClipWatcher;
  metrics: ClipMetrics;
  storage: ClipStorage;
  /** Runs the retention sweep now (the timer runs it hourly). */
  sweep(nowMs?: number): Promise<{ expired: number; interrupted: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The clips (clips/README.md): the service, the feed watcher, metrics, storage. */
    clips: ClipsPort;
  }
}

const HOUR_MS = 3_600_000;

/**
 * The clips domain (issue 34): feed clips cut on the feed's node, person clips (剪辑), the
 * `api/Clip/*` routes and files, the anchor's offset, clips in the moderation queue, retention.
 */
async function clips(app: App, options: ClipsPluginOptions): Promise<void> {
  const { db } = options;
  const config = options.config ?? defaultClipsConfig();
  const storage = options.overrides?.storage ?? mediaClipStorage(app.mediaArchive.storage);
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  const ffprobePath = path.basename(ffmpegPath) === 'ffmpeg' ? path.join(path.dirname(ffmpegPath), 'ffprobe').replace(/^\.\//, '') : 'ffprobe';
  const metrics = new ClipMetrics();
  const cutter = new ClipCutter({ ffmpegPath, ffprobePath, storage, minFreeBytes: config.minFreeMb * 1024 * 1024 });
  const hub = app.liveDataHub;
  const chat = app.chatHub;
  const announcer: ClipAnnouncer = {
    chat: (ownerId, text, card) => chat.announceClip(ownerId, text, card),
    allocateSeq: () => (hub.publishing ? hub.allocateSeq('clip') : null),
    broadcast: (seq, data) => hub.broadcast('clip', seq, data, goalAudience()),
  };
  const service = new ClipService({ db, storage, cutter, metrics, config, log: app.log, announcer, archiveWait: options.overrides?.archiveWait });
  const feed = app.liveFeed;
  const watcher = new FeedClipWatcher(db, service, app.log, {
    intervalMs: options.overrides?.watchIntervalMs ?? 1_000,
    shouldRun: () => config.feedClips && feed !== null && feed.isLeading,
  });
  const sweep = (nowMs: number = Date.now()) => sweepClips({ db, storage, config, metrics, log: app.log }, nowMs);
  app.decorate('clips', { service, watcher, metrics, storage, sweep });
  app.moderation.registerTarget('clip', clipModerationTarget(db, storage, app.accounts.clock));

  await app.register(clipRoutes, { db, clips: service, storage, clock: app.accounts.clock, allowed: (text) => app.moderation.check(text).ok });

  let sweepTimer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    watcher.start();
    const runSweep = () => void sweep().catch((error: unknown) => app.log.warn({ err: error }, 'clips: the retention sweep failed'));
    sweepTimer = setInterval(runSweep, options.overrides?.sweepIntervalMs ?? HOUR_MS);
    sweepTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (sweepTimer !== null) clearInterval(sweepTimer);
    await watcher.stop();
    await service.close();
  });
}

export const clipsPlugin = fp(clips, {
  name: 'clips',
  dependencies: ['accounts', 'live', 'moderation', 'chat', 'scores'],
  decorators: { fastify: ['accounts', 'moderation', 'chatHub', 'liveDataHub', 'liveFeed', 'requireLogin', 'mediaArchive'] },
});

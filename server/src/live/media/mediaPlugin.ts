import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';
import { loadOrCreateSecret } from '../../infra/localSecret';
import { closeDanglingBroadcasts } from './broadcastRecords';
import { startDemoStreams } from './demoStreams';
import { ffmpegAvailable } from './ffmpeg';
import { archiveRoutes } from './archive/archiveRoutes';
import { MediaArchive } from './archive/mediaArchive';
import { HlsPackager } from './hlsPackager';
import { hookRoutes } from './hookRoutes';
import { liveUrlRoutes } from './liveUrlRoutes';
import { embeddedPushAddress, embeddedRtmpServer, fillTemplate, playSignature, templatePushAddress } from './mediaAddresses';
import type { ExternalMediaConfig, MediaConfig } from './mediaConfig';
import { routeNmsLogs } from './nms';
import { playbackRoutes } from './playbackRoutes';
import { streamNameFor } from './playbackUrls';
import { admitPush, signOf } from './publishGate';
import { pushRefusalText } from './pushSignature';
import { type IngestStreamStats, RtmpIngest } from './rtmpIngest';
import { StreamEvents } from './streamEvents';
import { StreamLifecycle } from './streamLifecycle';
import { StreamHealthRegistry } from './streamHealth/streamHealthRegistry';
import { streamHealthRoutes } from './streamHealth/streamHealthRoutes';
import { ViewerCounter } from './viewerCounter';

export const MEDIA_SECRET_FILE = 'media-secret';
/** DATA_DIR's folder of HLS streams (one folder per stream); live thumbnails read its segments. */
export const HLS_ROOT_DIR = 'hls';

declare module 'fastify' {
  interface FastifyInstance {
    /** Streams the embedded ingest receives now (/metrics); null with an external media server (it keeps its own figures). */
    ingestStreams: () => IngestStreamStats[] | null;
  }
}

export interface MediaPluginOptions {
  db: Kysely<Database>;
  dataDir: string;
  config: MediaConfig;
}

/**
 * Video (issue 5): decorates app.playbackUrls, app.streamEvents and app.streamViewers, serves
 * getLiveUrl, and either runs the embedded ingest (RTMP in, HTTP-FLV and HLS out, started when
 * the app is ready and stopped as it closes) or takes an external media server's callbacks.
 * Part of the live domain (registered by live/livePlugin.ts); its decorations are everyone's.
 */
async function media(app: App, options: MediaPluginOptions): Promise<void> {
  const { config, db } = options;
  let secret: string | null = null;
  const signingSecret = () => {
    if (secret === null) throw new Error('media signing secret used before the app was ready');
    return secret;
  };
  app.addHook('onReady', async () => {
    secret = await loadOrCreateSecret(config.signingSecret, options.dataDir, MEDIA_SECRET_FILE);
  });

  const events = new StreamEvents();
  const viewers = new ViewerCounter(30_000);
  const lifecycle = new StreamLifecycle({
    db,
    log: app.log.child({ module: 'media' }),
    events,
    players: (roomId) => viewers.current(roomId, Date.now()),
    chatPresence: () => app.roomPresence,
  });
  app.decorate('streamEvents', events);
  app.decorate('streamViewers', (roomId: number) => viewers.current(roomId, Date.now()));
  const archive = await MediaArchive.open(db, options.dataDir, config.archive, app.log.child({ module: 'archive' }));
  app.decorate('mediaArchive', archive);
  await app.register(archiveRoutes, { db, archive });

  if (config.mode === 'external' && config.external !== null) {
    app.decorate('ingestStreams', () => null);
    await setUpExternal(app, options, config.external, signingSecret, lifecycle);
  } else {
    await setUpEmbedded(app, options, signingSecret, lifecycle, viewers, archive);
  }
  // After the ingest's start (which closes broadcasts a crash left open): their recordings become replays.
  app.addHook('onReady', async () => {
    await archive.settle().catch((error: unknown) => app.log.warn({ err: error }, 'archive: could not settle ended recordings (database unreachable?)'));
    archive.startSweeping();
  });
  app.addHook('preClose', async () => {
    archive.stopSweeping();
    await archive.idle();
  });
}

export const mediaPlugin = fp(media, { name: 'live-media', decorators: { fastify: ['roomPresence'] } });

async function setUpExternal(
  app: App,
  { db, config }: MediaPluginOptions,
  external: ExternalMediaConfig,
  signingSecret: () => string,
  lifecycle: StreamLifecycle,
): Promise<void> {
  const playSign = (stream: string) => playSignature(signingSecret(), stream, Math.floor(Date.now() / 1000) + config.pushKeyTtlHours * 3600);
  app.decorate('playbackUrls', (roomId: number) => {
    const stream = streamNameFor(roomId);
    const sign = playSign(stream);
    return { flv: fillTemplate(external.flvUrlTemplate, stream, sign), hls: external.hlsUrlTemplate === null ? null : fillTemplate(external.hlsUrlTemplate, stream, sign) };
  });
  await app.register(liveUrlRoutes, {
    db,
    secret: signingSecret,
    pushKeyTtlHours: config.pushKeyTtlHours,
    pushAddress: (stream, sign) => templatePushAddress(external.pushUrlTemplate, stream, sign),
    // The media server keeps a running publish; its next on_publish checks the new version.
    onKeyReset: () => undefined,
  });
  await app.register(hookRoutes, { db, secret: signingSecret, hookSecret: external.hookSecret, lifecycle });
  app.addHook('preClose', async () => lifecycle.idle());
}

async function setUpEmbedded(
  app: App,
  { db, config, dataDir }: MediaPluginOptions,
  signingSecret: () => string,
  lifecycle: StreamLifecycle,
  viewers: ViewerCounter,
  archive: MediaArchive,
): Promise<void> {
  const log = app.log.child({ module: 'media' });
  const settings = config.embedded;
  const hlsRoot = path.join(dataDir, HLS_ROOT_DIR);
  let hls: HlsPackager | null = null;
  const flvClosers = new Set<() => void>();
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  const health = new StreamHealthRegistry({ log });
  const ingest = new RtmpIngest({
    host: settings.rtmpHost,
    port: settings.rtmpPort,
    reconnectGraceMs: settings.reconnectGraceSeconds * 1000,
    log,
    limits: settings.rtmpLimits,
    admit: async (stream, query) => {
      const decision = await admitPush(db, signingSecret(), stream, signOf(query), Math.floor(Date.now() / 1000));
      return decision.ok ? { ok: true, roomId: decision.room.id } : { ok: false, reason: pushRefusalText[decision.reason] };
    },
    onPublishStart: (roomId, broadcast) => {
      track(lifecycle.started(roomId));
      if (hls !== null) track(hls.start(streamNameFor(roomId), broadcast).catch((error: unknown) => log.error({ err: error, roomId }, 'HLS did not start')));
    },
    onPacket: (roomId, publisher, packet) => health.observe(roomId, publisher, packet),
    // The push dropped: the room is offline now (the grace only keeps the broadcast record open).
    // Players are let go at once; pages stop asking until the room says live again.
    onPublishPause: (roomId, broadcast) => {
      for (const player of [...broadcast.subscribers.values()]) if (player.ip !== '') player.close();
      viewers.forgetHls(roomId);
      track(lifecycle.pausedPush(roomId));
    },
    onPublishResume: (roomId) => track(lifecycle.resumed(roomId)),
    onPublishEnd: (roomId, broadcast) => {
      // Players are let go: the page reconnects when the stream is back (a new publish has new codec headers).
      for (const player of [...broadcast.subscribers.values()]) if (player.ip !== '') player.close();
      viewers.forgetHls(roomId);
      // The archive keeps the last segments before the HLS folder goes; once the broadcast's row
      // is closed too, its recording becomes a replay (at once: well within the minute promised).
      const stopped = hls === null ? Promise.resolve() : hls.stop(streamNameFor(roomId));
      health.ended(roomId);
      const ended = lifecycle.ended(roomId);
      track(stopped);
      track(ended);
      track(
        Promise.all([stopped, ended])
          .then(() => archive.settle())
          .catch((error: unknown) => log.error({ err: error, roomId }, 'archive: the replay could not be settled (the sweep retries)')),
      );
    },
  });

  app.decorate('ingestStreams', () => ingest.liveStreams());
  let rtmpPort = settings.rtmpPort;
  let stopDemoStreams: () => Promise<void> = async () => undefined;
  app.decorate('playbackUrls', (roomId: number) => {
    const stream = streamNameFor(roomId);
    return { flv: `/live/${stream}.flv`, hls: hls === null ? null : `/live/${stream}/index.m3u8` };
  });

  await app.register(liveUrlRoutes, {
    db,
    secret: signingSecret,
    pushKeyTtlHours: config.pushKeyTtlHours,
    pushAddress: (stream, sign, request) =>
      embeddedPushAddress(embeddedRtmpServer(settings.rtmpPublicUrl, settings.rtmpHost, rtmpPort, safeHostname(request)), stream, sign),
    onKeyReset: (roomId) => ingest.kick(roomId),
  });
  await app.register(streamHealthRoutes, { db, health });
  await app.register(playbackRoutes, {
    broadcastOf: (roomId) => ingest.broadcastOf(roomId),
    hlsDirOf: (stream) => (hls === null ? null : hls.dirOf(stream)),
    hlsDateShiftOf: (stream) => hls?.dateShiftMs(stream) ?? 0,
    flvOpened: (roomId, close) => {
      viewers.flvOpened(roomId);
      lifecycle.playersChanged(roomId);
      flvClosers.add(close);
      return () => {
        flvClosers.delete(close);
        viewers.flvClosed(roomId);
      };
    },
    hlsSeen: (roomId, clientKey) => {
      viewers.hlsSeen(roomId, clientKey, Date.now());
      lifecycle.playersChanged(roomId);
    },
  });

  app.addHook('onReady', async () => {
    routeNmsLogs(log);
    // A database that is down must not stop the start (the health check reports it); the
    // dangling broadcasts are closed at the next start instead.
    const closed = await closeDanglingBroadcasts(db).catch((error: unknown) => {
      log.warn({ err: error }, 'could not close broadcasts left open by the last run (database unreachable?)');
      return 0;
    });
    if (closed > 0) log.warn({ closed }, 'closed broadcasts left open by the last run');
    if (settings.ffmpegPath !== null && (await ffmpegAvailable(settings.ffmpegPath))) {
      const recorder = archive.useRecorder({ ffmpegPath: settings.ffmpegPath, broadcastIdOf: (roomId) => lifecycle.broadcastIdOf(roomId) });
      hls = new HlsPackager({ ffmpegPath: settings.ffmpegPath, rootDir: hlsRoot, segmentSeconds: settings.hlsSegmentSeconds, listSize: settings.hlsListSize, log, recorder });
    } else {
      log.warn(
        settings.ffmpegPath === null
          ? 'MEDIA_FFMPEG_PATH=off: HLS and demo streams are off, viewers get HTTP-FLV only'
          : `ffmpeg not found (MEDIA_FFMPEG_PATH=${settings.ffmpegPath}): HLS and demo streams are off, viewers get HTTP-FLV only; install ffmpeg (npm start does, or: sudo apt-get install ffmpeg) and restart`,
      );
    }
    rtmpPort = await ingest.start();
    log.info({ host: settings.rtmpHost, port: rtmpPort, hls: hls !== null }, 'RTMP ingest listening');
    // Demo rooms broadcast a looped clip (DEMO_STREAMS; demoStreams.ts): started in the background.
    if (config.demoStreams > 0 && hls !== null && settings.ffmpegPath !== null) {
      stopDemoStreams = startDemoStreams({ db, ffmpegPath: settings.ffmpegPath, secret: signingSecret(), rtmpHost: settings.rtmpHost, rtmpPort, count: config.demoStreams, dataDir, log });
    }
  });

  // preClose: open FLV responses would otherwise keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    await stopDemoStreams();
    await ingest.stop();
    for (const close of [...flvClosers]) close();
    await hls?.stopAll();
    while (pending.size > 0) await Promise.all([...pending]);
    await lifecycle.idle();
  });
}

/** The host name the browser used, when it is a plain name or address (it ends up in an rtmp:// URL). */
function safeHostname(request: FastifyRequest): string {
  const hostname = request.hostname;
  return /^[A-Za-z0-9.-]{1,253}$/.test(hostname) || /^\[[0-9A-Fa-f:.]{2,45}\]$/.test(hostname) ? hostname : '127.0.0.1';
}

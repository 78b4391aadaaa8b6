import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';
import { loadOrCreateSecret } from '../../infra/localSecret';
import { BLOCKING_HOLD_TARGETS } from './blockingPlaylist';
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
import { FlvRelays } from './origin/flvRelays';
import { HlsProxy } from './origin/hlsProxy';
import { epochOf } from './origin/httpCaching';
import { OriginDirectory } from './origin/originDirectory';
import { OriginLeases } from './origin/originLeases';
import { OriginRegistry } from './origin/originRegistry';
import { sweepExpiredOrigins } from './origin/originSweeper';
import { relaySignature } from './origin/relayHeader';
import { RemoteAudience } from './origin/remoteAudience';
import { ThumbnailPull } from './origin/thumbnailPull';
import type { RoomFrame } from '../thumbnails/thumbnailer';
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
    /** The live frame of a room pushed to another node (origin/thumbnailPull.ts); undefined: none. */
    originThumbnail: (roomId: number) => Promise<RoomFrame | undefined>;
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
  // Any node serves any room (origin/README.md): which node holds each room's push, under a lease.
  const embedded = !(config.mode === 'external' && config.external !== null);
  const registry = new OriginRegistry(db, randomUUID(), config.embedded.originLeaseSeconds * 1000);
  // Players of rooms pushed elsewhere are on this node: counted at the origin for the peak (started by the embedded ingest only).
  const audience = new RemoteAudience({ db, nodeId: registry.nodeId, log: app.log.child({ module: 'media' }), watchedRooms: () => viewers.rooms(Date.now()), viewers: (roomId) => viewers.current(roomId, Date.now()) });
  const lifecycle = new StreamLifecycle({
    db,
    log: app.log.child({ module: 'media' }),
    events,
    players: (roomId) => viewers.current(roomId, Date.now()) + audience.of(roomId),
    chatPresence: () => app.roomPresence,
    mayEnd: embedded ? (roomId) => registry.noOtherOrigin(roomId) : undefined,
  });
  app.decorate('streamEvents', events);
  app.decorate('streamViewers', (roomId: number) => viewers.current(roomId, Date.now()));
  const archive = await MediaArchive.open(db, options.dataDir, config.archive, app.log.child({ module: 'archive' }));
  app.decorate('mediaArchive', archive);
  await app.register(archiveRoutes, { db, archive });

  if (config.mode === 'external' && config.external !== null) {
    app.decorate('ingestStreams', () => null);
    app.decorate('originThumbnail', async () => undefined);
    await setUpExternal(app, options, config.external, signingSecret, lifecycle);
  } else {
    await setUpEmbedded(app, options, signingSecret, lifecycle, viewers, archive, { registry, events, audience });
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
  { registry, events, audience }: { registry: OriginRegistry; events: StreamEvents; audience: RemoteAudience },
): Promise<void> {
  const log = app.log.child({ module: 'media' });
  const settings = config.embedded;
  const origins = new OriginDirectory(registry);
  const signRelay = (stream: string) => relaySignature(signingSecret(), stream);
  const flvRelays = new FlvRelays({ origins, relaySignature: signRelay, log });
  const hlsProxy = new HlsProxy({ origins, relaySignature: signRelay, log, blockingHoldMs: BLOCKING_HOLD_TARGETS * settings.hlsSegmentSeconds * 1000 });
  const thumbnails = new ThumbnailPull(origins, signRelay, log);
  app.decorate('originThumbnail', (roomId: number) => thumbnails.frameOf(roomId));
  /** The epoch of each stream's publish here: its segments' URLs carry it (origin/httpCaching.ts). */
  const hlsEpochs = new Map<string, string>();
  const internalUrl = () => settings.internalUrl ?? listeningUrl(app);
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
      if (!decision.ok) return { ok: false, reason: pushRefusalText[decision.reason] };
      // One push per room across the nodes: the registry's row decides (never this node's memory).
      if (!(await registry.claim(decision.room.id, internalUrl(), hls !== null))) return { ok: false, reason: 'another node receives this room\'s push (one push per room)' };
      leases.claimed(decision.room.id);
      return { ok: true, roomId: decision.room.id };
    },
    onPublishStart: (roomId, broadcast) => {
      hlsEpochs.set(streamNameFor(roomId), epochOf(Date.now()));
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
      hlsEpochs.delete(streamNameFor(roomId));
      const stopped = hls === null ? Promise.resolve() : hls.stop(streamNameFor(roomId));
      health.ended(roomId);
      const ended = lifecycle.ended(roomId);
      track(stopped);
      // The lease goes once the end is written, so a node that takes the room over starts after it.
      track(ended.then(() => leases.release(roomId)));
      track(
        Promise.all([stopped, ended])
          .then(() => archive.settle())
          .catch((error: unknown) => log.error({ err: error, roomId }, 'archive: the replay could not be settled (the sweep retries)')),
      );
    },
  });

  const leases = new OriginLeases({
    registry,
    log,
    leaseMs: settings.originLeaseSeconds * 1000,
    pushedRooms: () => ingest.pushedRooms(),
    lost: (roomId) => ingest.kick(roomId),
    reclaimed: (roomId) => track(lifecycle.resumed(roomId)),
    internalUrl,
    sweep: () => sweepExpiredOrigins(db, events, log, registry.nodeId),
  });
  app.decorate('ingestStreams', () => ingest.liveStreams());
  let rtmpPort = settings.rtmpPort;
  let stopDemoStreams: () => Promise<void> = async () => undefined;
  app.decorate('playbackUrls', async (roomId: number) => {
    const stream = streamNameFor(roomId);
    // HLS is made by the room's origin: offered when it makes it, whether or not this node could
    // (another node's is proxied); with no origin (offline), as this node would make it.
    const origin = ingest.pushedRooms().includes(roomId) ? null : await origins.remoteOriginOf(roomId).catch(() => null);
    const makesHls = origin === null ? hls !== null : origin.makesHls;
    return { flv: `/live/${stream}.flv`, hls: makesHls ? `/live/${stream}/index.m3u8` : null };
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
    hlsEpochOf: (stream) => (hls === null ? null : (hlsEpochs.get(stream) ?? null)),
    hlsSegmentSeconds: settings.hlsSegmentSeconds,
    hlsDateShiftOf: (stream) => hls?.dateShiftMs(stream) ?? 0,
    relaySecret: () => {
      try {
        return signingSecret();
      } catch {
        return null; // not ready yet: a pull's signature cannot be checked, it is not relayed either
      }
    },
    flvRelays,
    hlsProxy,
    flvOpened: (roomId, close, relayed) => {
      flvClosers.add(close);
      // Another node's pull is not a viewer (its players are counted there).
      if (!relayed) {
        viewers.flvOpened(roomId);
        lifecycle.playersChanged(roomId);
      }
      return () => {
        flvClosers.delete(close);
        if (!relayed) viewers.flvClosed(roomId);
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
    leases.start();
    audience.start(() => ingest.pushedRooms());
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
    flvRelays.stop();
    for (const close of [...flvClosers]) close();
    await hls?.stopAll();
    while (pending.size > 0) await Promise.all([...pending]);
    await lifecycle.idle();
    await leases.stop();
    await audience.stop();
  });
}

/**
 * This node's own HTTP address, for nodes on the same machine (MEDIA_INTERNAL_URL unset).
 * A node that does not listen (a test driving the app by inject) has none: it registers port 0,
 * which no connection reaches, so another node's pull from it fails and answers 502, as for a
 * dead origin.
 */
function listeningUrl(app: App): string {
  const address = app.server.address() as AddressInfo | null;
  if (address === null || typeof address !== 'object') return 'http://127.0.0.1:0';
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** The host name the browser used, when it is a plain name or address (it ends up in an rtmp:// URL). */
function safeHostname(request: FastifyRequest): string {
  const hostname = request.hostname;
  return /^[A-Za-z0-9.-]{1,253}$/.test(hostname) || /^\[[0-9A-Fa-f:.]{2,45}\]$/.test(hostname) ? hostname : '127.0.0.1';
}

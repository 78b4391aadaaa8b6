import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { errors } from '../../infra/http/errorCatalogue';
import { sendError } from '../../infra/http/errorHandler';
import { PerAddressCount } from '../../infra/http/perAddressCount';
import type { App } from '../../infra/http/types';
import { MAX_MEDIA_SEQUENCE, PlaylistWaits, withBlockingReload } from './blockingPlaylist';
import { FlvSink } from './flvSink';
import { HLS_PLAYLIST, HLS_SEGMENT_PATTERN } from './hlsPackager';
import { type HlsProxy, OriginUnreachable, type ProxiedFile } from './origin/hlsProxy';
import { IMMUTABLE, NO_CACHE, NO_STORE } from '../../infra/http/cachePolicy';
import { FLV_TYPE, HLS_PLAYLIST_TYPE, HLS_SEGMENT_TYPE, etagOf, ifNoneMatchHits, parseSegmentUrlName, playlistCacheControl, withSegmentEpoch } from './origin/httpCaching';
import type { FlvRelays } from './origin/flvRelays';
import { relayMarkOf } from './origin/relayHeader';
import type { FlvSource } from './origin/relayedStream';
import { roomIdOfStream } from './playbackUrls';
import { StreamClocks, clockTagWriter } from './streamClock';

/** HTTP-FLV players one address may hold open (a family behind one NAT; not a flood). */
const FLV_PLAYERS_PER_IP = 20;
const FLV_FILE = /^(room[1-9][0-9]{0,15})\.flv$/;

export interface PlaybackRoutesOptions {
  /** The broadcast of a room while it publishes here. */
  broadcastOf: (roomId: number) => FlvSource | undefined;
  /** HLS folder of a stream; null: no HLS is made. */
  hlsDirOf: (stream: string) => string | null;
  /** The epoch of the stream's publish here (names its segments in URLs); null when it is not published here. */
  hlsEpochOf: (stream: string) => string | null;
  hlsSegmentSeconds: number;
  /** ms to add to the playlist's program date times (HlsPackager.dateShiftMs); 0 when left out. */
  hlsDateShiftOf?: (stream: string) => number;
  /** The media secret (signs and checks pulls between nodes); null before the app is ready. */
  relaySecret: () => string | null;
  /** Rooms pushed to another node (origin/): FLV pulled once per node, HLS proxied. Absent: one node. */
  flvRelays?: FlvRelays;
  hlsProxy?: HlsProxy;
  /** An FLV player started (`relayed`: another node's pull, not a viewer); returns its end. */
  flvOpened: (roomId: number, close: () => void, relayed: boolean) => () => void;
  hlsSeen: (roomId: number, clientKey: string) => void;
}

/**
 * The embedded ingest's playback on the site's own origin: `/live/room<id>.flv` (HTTP-FLV straight
 * from the broadcast: Fastify writes the response, no second HTTP server or proxy hop) and
 * `/live/room<id>/index.m3u8` + `<epoch>-seg<n>.ts` (files ffmpeg writes). Names are matched whole,
 * so nothing else can be reached (no traversal). A room pushed to another node is pulled from it
 * (origin/README.md). The headers are the caching contract any edge relies on (origin/httpCaching.ts).
 */
export async function playbackRoutes(app: App, options: PlaybackRoutesOptions): Promise<void> {
  const flvPlayersByIp = new PerAddressCount(FLV_PLAYERS_PER_IP);
  // Each viewer's FLV carries the stream's wall clock (streamClock.ts): the player measures its delay.
  const clocks = new StreamClocks();
  const fileParam = Type.Object({ file: Type.String({ maxLength: 40 }) });
  const hlsParams = Type.Object({ stream: Type.String({ maxLength: 24 }), file: Type.String({ maxLength: 40 }) });
  const playlistCaching = playlistCacheControl(options.hlsSegmentSeconds);
  // LL-HLS delivery directives: `_HLS_msn` holds the request until that segment is listed; a
  // part or a skip is not offered (the playlist says neither), so `_HLS_part`/`_HLS_skip` are read
  // and ignored, as the RFC allows for directives the server did not advertise.
  const hlsQuery = Type.Object({
    _HLS_msn: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_MEDIA_SEQUENCE })),
    _HLS_part: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000 })),
    _HLS_skip: Type.Optional(Type.String({ maxLength: 3 })),
  });
  const playlistWaits = new PlaylistWaits(readIfExists, options.hlsSegmentSeconds);

  app.get('/live/:file', { schema: { params: fileParam } }, async (request, reply) => {
    const stream = FLV_FILE.exec(request.params.file)?.[1];
    const roomId = stream === undefined ? null : roomIdOfStream(stream);
    if (stream === undefined || roomId === null) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
    const mark = relayMarkOf(request.headers, options.relaySecret(), stream);
    // A node's pull is answered from a push here only: pulls never chain (no loops).
    let source: FlvSource | null | undefined = options.broadcastOf(roomId);
    if (source === undefined && mark === 'none' && options.flvRelays !== undefined) source = await options.flvRelays.sourceFor(roomId);
    if (source === undefined || source === null) return sendError(reply, errors.PLAYBACK_NOT_LIVE());
    const counted = mark !== 'signed';
    if (counted && !flvPlayersByIp.tryTake(request.ip)) return sendError(reply, errors.PLAYBACK_TOO_MANY_PLAYERS());
    playFlv(request, reply, source, roomId, mark === 'signed', () => {
      if (counted) flvPlayersByIp.release(request.ip);
    });
  });

  app.get('/live/:stream/:file', { schema: { params: hlsParams, querystring: hlsQuery } }, async (request, reply) => {
    const { stream, file } = request.params;
    const roomId = roomIdOfStream(stream);
    const isPlaylist = file === HLS_PLAYLIST;
    const msn = isPlaylist ? request.query._HLS_msn : undefined;
    const segment = isPlaylist ? null : parseSegmentUrlName(file);
    const plainSegment = !isPlaylist && segment === null && HLS_SEGMENT_PATTERN.test(file);
    if (roomId === null || !(isPlaylist || segment !== null || plainSegment)) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
    const dir = options.hlsDirOf(stream);
    const epoch = options.hlsEpochOf(stream);
    if (dir !== null && epoch !== null) {
      // Another node's proxy is not a viewer here: that node counts its own (origin/remoteAudience.ts).
      if (isPlaylist && relayMarkOf(request.headers, options.relaySecret(), stream) !== 'signed') options.hlsSeen(roomId, `${request.ip} ${request.headers['user-agent'] ?? ''}`.slice(0, 300));
      // A segment of an earlier publish is gone, even when this publish has one of the same number.
      if (segment !== null && segment.epoch !== epoch) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
      const filePath = path.join(dir, segment?.file ?? file);
      let body: Buffer | null;
      if (msn === undefined) body = await readIfExists(filePath);
      else {
        const answer = await playlistWaits.until(filePath, msn);
        if (answer !== null && 'tooFarAhead' in answer) return sendError(reply, errors.PLAYBACK_SEGMENT_TOO_FAR_AHEAD());
        body = answer?.playlist ?? null;
      }
      if (body === null) return sendError(reply, isPlaylist ? errors.PLAYBACK_NOT_LIVE() : errors.PLAYBACK_NOT_FOUND());
      if (isPlaylist) {
        const playlist = withBlockingReload(withSegmentEpoch(shiftProgramDates(body.toString('utf8'), options.hlsDateShiftOf?.(stream) ?? 0), epoch));
        return sendHls(request, reply, Buffer.from(playlist), HLS_PLAYLIST_TYPE, playlistCaching);
      }
      // A plain `seg<n>.ts` names no publish: a cache may not keep it.
      return sendHls(request, reply, body, HLS_SEGMENT_TYPE, segment === null ? NO_CACHE : IMMUTABLE);
    }
    if (relayMarkOf(request.headers, options.relaySecret(), stream) !== 'none' || options.hlsProxy === undefined) {
      return sendError(reply, isPlaylist ? errors.PLAYBACK_NOT_LIVE() : errors.PLAYBACK_NOT_FOUND());
    }
    let proxied: ProxiedFile | null;
    try {
      proxied = await options.hlsProxy.get(roomId, stream, file, msn);
    } catch (error) {
      if (error instanceof OriginUnreachable) return sendError(reply, errors.PLAYBACK_ORIGIN_UNREACHABLE());
      throw error;
    }
    if (proxied === null || proxied.status === 404) return sendError(reply, isPlaylist ? errors.PLAYBACK_NOT_LIVE() : errors.PLAYBACK_NOT_FOUND());
    if (proxied.status !== 200) return sendError(reply, errors.PLAYBACK_ORIGIN_UNREACHABLE());
    if (isPlaylist) options.hlsSeen(roomId, `${request.ip} ${request.headers['user-agent'] ?? ''}`.slice(0, 300));
    return sendHls(request, reply, proxied.body, isPlaylist ? HLS_PLAYLIST_TYPE : HLS_SEGMENT_TYPE, proxied.cacheControl ?? 'no-cache', proxied.etag ?? undefined);
  });

  function playFlv(request: FastifyRequest, reply: FastifyReply, source: FlvSource, roomId: number, relayed: boolean, released: () => void): void {
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, { 'content-type': FLV_TYPE, 'cache-control': NO_STORE, 'x-content-type-options': 'nosniff' });
    const clock = clocks.acquire(source);
    const sink = new FlvSink(clockTagWriter(response, clock.clock), undefined, `${request.ip}:${request.socket.remotePort ?? 0}`);
    const closed = options.flvOpened(roomId, () => sink.close(), relayed);
    response.once('close', () => {
      source.donePlay(sink);
      clock.release();
      closed();
      released();
    });
    const refused = source.postPlay(sink);
    if (refused !== null) sink.close();
  }
}

/** An HLS file with its type, caching and validator; 304 when the client has this version. */
function sendHls(request: FastifyRequest, reply: FastifyReply, body: Buffer, type: string, cacheControl: string, etag = etagOf(body)) {
  reply.header('cache-control', cacheControl).header('etag', etag).header('x-content-type-options', 'nosniff');
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

/** The playlist with every EXT-X-PROGRAM-DATE-TIME moved by `shiftMs` (the stream clock's). */
export function shiftProgramDates(playlist: string, shiftMs: number): string {
  if (shiftMs === 0) return playlist;
  return playlist.replace(/^#EXT-X-PROGRAM-DATE-TIME:(.+)$/gm, (line, date: string) => {
    const ms = Date.parse(date);
    return Number.isNaN(ms) ? line : `#EXT-X-PROGRAM-DATE-TIME:${new Date(ms + shiftMs).toISOString()}`;
  });
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

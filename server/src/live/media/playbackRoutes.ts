import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { errors } from '../../infra/http/errorCatalogue';
import { sendError } from '../../infra/http/errorHandler';
import { PerAddressCount } from '../../infra/http/perAddressCount';
import type { App } from '../../infra/http/types';
import { FlvSink } from './flvSink';
import { HLS_PLAYLIST, HLS_SEGMENT_PATTERN } from './hlsPackager';
import type { NmsBroadcast } from './nms';
import { roomIdOfStream } from './playbackUrls';
import { StreamClocks, clockTagWriter } from './streamClock';

/** HTTP-FLV players one address may hold open (a family behind one NAT; not a flood). */
const FLV_PLAYERS_PER_IP = 20;
const FLV_FILE = /^(room[1-9][0-9]{0,15})\.flv$/;

export interface PlaybackRoutesOptions {
  /** The broadcast of a room while it publishes. */
  broadcastOf: (roomId: number) => NmsBroadcast | undefined;
  /** HLS folder of a stream; null: no HLS is made. */
  hlsDirOf: (stream: string) => string | null;
  /** ms to add to the playlist's program date times (HlsPackager.dateShiftMs); 0 when left out. */
  hlsDateShiftOf?: (stream: string) => number;
  flvOpened: (roomId: number, close: () => void) => () => void;
  hlsSeen: (roomId: number, clientKey: string) => void;
}

/**
 * The embedded ingest's playback on the site's own origin: `/live/room<id>.flv` (HTTP-FLV straight
 * from the broadcast: Fastify writes the response, no second HTTP server or proxy hop) and
 * `/live/room<id>/index.m3u8` + `seg<n>.ts` (files ffmpeg writes). Names are matched whole, so
 * nothing else can be reached (no traversal).
 */
export async function playbackRoutes(app: App, options: PlaybackRoutesOptions): Promise<void> {
  const flvPlayersByIp = new PerAddressCount(FLV_PLAYERS_PER_IP);
  // Each viewer's FLV carries the stream's wall clock (streamClock.ts): the player measures its delay.
  const clocks = new StreamClocks();
  const fileParam = Type.Object({ file: Type.String({ maxLength: 40 }) });
  const hlsParams = Type.Object({ stream: Type.String({ maxLength: 24 }), file: Type.String({ maxLength: 24 }) });

  app.get('/live/:file', { schema: { params: fileParam } }, async (request, reply) => {
    const stream = FLV_FILE.exec(request.params.file)?.[1];
    const roomId = stream === undefined ? null : roomIdOfStream(stream);
    if (roomId === null) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
    const broadcast = options.broadcastOf(roomId);
    if (broadcast === undefined) return sendError(reply, errors.PLAYBACK_NOT_LIVE());
    if (!flvPlayersByIp.tryTake(request.ip)) return sendError(reply, errors.PLAYBACK_TOO_MANY_PLAYERS());
    playFlv(request, reply, broadcast, roomId, () => flvPlayersByIp.release(request.ip));
  });

  app.get('/live/:stream/:file', { schema: { params: hlsParams } }, async (request, reply) => {
    const { stream, file } = request.params;
    const roomId = roomIdOfStream(stream);
    const isPlaylist = file === HLS_PLAYLIST;
    const dir = roomId === null ? null : options.hlsDirOf(stream);
    if (roomId === null || dir === null || !(isPlaylist || HLS_SEGMENT_PATTERN.test(file))) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
    const body = await readIfExists(path.join(dir, file));
    if (body === null) return sendError(reply, isPlaylist ? errors.PLAYBACK_NOT_LIVE() : errors.PLAYBACK_NOT_FOUND());
    if (isPlaylist) options.hlsSeen(roomId, `${request.ip} ${request.headers['user-agent'] ?? ''}`.slice(0, 300));
    const sent = isPlaylist ? shiftProgramDates(body.toString('utf8'), options.hlsDateShiftOf?.(stream) ?? 0) : body;
    return reply
      .type(isPlaylist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
      // The playlist changes every segment; a segment never changes under its name.
      .header('cache-control', isPlaylist ? 'no-cache' : 'public, max-age=60')
      .header('x-content-type-options', 'nosniff')
      .send(sent);
  });

  function playFlv(request: FastifyRequest, reply: FastifyReply, broadcast: NmsBroadcast, roomId: number, released: () => void): void {
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, { 'content-type': 'video/x-flv', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    const clock = clocks.acquire(broadcast);
    const sink = new FlvSink(clockTagWriter(response, clock.clock), undefined, `${request.ip}:${request.socket.remotePort ?? 0}`);
    const closed = options.flvOpened(roomId, () => sink.close());
    response.once('close', () => {
      broadcast.donePlay(sink);
      clock.release();
      closed();
      released();
    });
    const refused = broadcast.postPlay(sink);
    if (refused !== null) sink.close();
  }
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

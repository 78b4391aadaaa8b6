import fs from 'node:fs';
import {
  Envelope,
  ReplayDeleteRequestSchema,
  ReplayInfoQuerySchema,
  ReplayInfoSchema,
  ReplayListQuerySchema,
  ReplayPageSchema,
  ReplaySchema,
  ReplayUpdateRequestSchema,
} from '@sports/shared/server';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import { sessionOf } from '../../../accounts/index';
import { type Clock, systemClock } from '../../../infra/clock';
import type { Database } from '../../../infra/db/schema';
import { ok } from '../../../infra/http/envelope';
import { errors } from '../../../infra/http/errorCatalogue';
import { sendError } from '../../../infra/http/errorHandler';
import type { App } from '../../../infra/http/types';
import { optionalViewerId } from '../../viewer';
import { roomIdOfStream } from '../playbackUrls';
import { dvrSegments } from './dvr';
import { MomentCache } from './momentCache';
import type { MediaArchive } from './mediaArchive';
import { archivePlaylist } from './playlists';
import { deleteReplay, replayInfo, replayList, updateReplay } from './replays';
import { segmentsOfBroadcast } from './segmentIndex';

export interface ArchiveRoutesOptions {
  db: Kysely<Database>;
  archive: MediaArchive;
  clock?: Clock;
}

const BROADCAST_ID = /^[1-9][0-9]{0,15}$/;
const SEGMENT_FILE = /^([0-9]{1,9})\.ts$/;
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const DVR_PLAYLIST_TTL_MS = 1_000;

/**
 * The archive on the site (archive/README.md):
 * - `/live/room<id>/dvr.m3u8`: a live room's DVR window (回看), the open broadcast's kept segments
 *   of the last DVR_WINDOW_MINUTES with program date times, no ENDLIST;
 * - `/replay/<broadcastId>/index.m3u8` (VOD, ENDLIST), `/replay/<broadcastId>/<seq>.ts` (a kept
 *   segment: the DVR's and the replay's) and `/replay/<broadcastId>/thumb.jpg`. Names are matched
 *   whole and a segment is found through its index row, so nothing else can be reached.
 *   Hidden and failed replays' files only for their anchor; deleted and expired ones are gone;
 * - `GET api/Live/replayList`, `GET api/Live/replayInfo`, `POST api/Live/replayUpdate`,
 *   `POST api/Live/replayDelete` (the last two: the replay's anchor).
 */
export async function archiveRoutes(app: App, options: ArchiveRoutesOptions): Promise<void> {
  const { db, archive } = options;
  const clock = options.clock ?? systemClock;
  const login = { preHandler: app.requireLogin };

  // A DVR playlist is the same for every viewer of a room for a moment: built at most once a
  // second per room (a 2 h window is thousands of rows), however many viewers reload it.
  const dvrPlaylists = new MomentCache<number, Playlist | null>(DVR_PLAYLIST_TTL_MS);
  const dvrPlaylist = (roomId: number): Promise<Playlist | null> =>
    dvrPlaylists.get(roomId, async () => {
      const window = await dvrSegments(db, roomId, archive.dvrWindowMs, Date.now());
      return window === null ? null : playlistOf(archivePlaylist(window.segments, false));
    });

  app.get(
    '/live/:stream/dvr.m3u8',
    { schema: { hide: true, params: Type.Object({ stream: Type.String({ maxLength: 24 }) }) } },
    async (request, reply) => {
      const roomId = roomIdOfStream(request.params.stream);
      if (roomId === null) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
      const playlist = await dvrPlaylist(roomId);
      if (playlist === null) return sendError(reply, errors.PLAYBACK_NOT_LIVE());
      return sendPlaylist(request, reply, playlist, 'no-cache');
    },
  );

  app.get(
    '/replay/:id/:file',
    { schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 17 }), file: Type.String({ maxLength: 24 }) }) } },
    async (request, reply) => {
      const { id, file } = request.params;
      const segmentSeq = SEGMENT_FILE.exec(file)?.[1];
      if (!BROADCAST_ID.test(id) || (segmentSeq === undefined && file !== 'index.m3u8' && file !== 'thumb.jpg')) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
      const broadcastId = Number(id);
      const broadcast = await db.selectFrom('broadcast').select(['anchor_id', 'replay_status', 'replay_thumb_key']).where('id', '=', broadcastId).executeTakeFirst();
      if (broadcast === undefined || broadcast.replay_status === 'deleted' || broadcast.replay_status === 'expired') return sendError(reply, errors.PLAYBACK_NOT_FOUND());
      if (broadcast.replay_status === 'hidden' || broadcast.replay_status === 'failed') {
        if ((await optionalViewerId(db, clock, request)) !== Number(broadcast.anchor_id)) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
      }
      if (file === 'index.m3u8') {
        if (broadcast.replay_status === 'recording') return sendError(reply, errors.REPLAY_NOT_READY());
        const segments = await segmentsOfBroadcast(db, broadcastId);
        if (segments.length === 0) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
        return sendPlaylist(request, reply, playlistOf(archivePlaylist(segments, true)), 'private, max-age=60');
      }
      let key: string | null;
      if (segmentSeq === undefined) key = broadcast.replay_thumb_key;
      else {
        const row = await db.selectFrom('broadcast_segment').select('storage_key').where('broadcast_id', '=', broadcastId).where('seq', '=', Number(segmentSeq)).executeTakeFirst();
        key = row?.storage_key ?? null;
      }
      return sendStored(reply, archive, key, segmentSeq === undefined ? 'image/jpeg' : 'video/mp2t');
    },
  );

  app.get('/api/Live/replayList', { schema: { querystring: ReplayListQuerySchema, response: { 200: Envelope(ReplayPageSchema) } } }, async (request) =>
    ok(await replayList(db, request.query, await optionalViewerId(db, clock, request))),
  );

  app.get('/api/Live/replayInfo', { schema: { querystring: ReplayInfoQuerySchema, response: { 200: Envelope(ReplayInfoSchema) } } }, async (request) =>
    ok(await replayInfo(db, request.query.id, await optionalViewerId(db, clock, request), archive.clipOfEvents)),
  );

  app.post('/api/Live/replayUpdate', { ...login, schema: { body: ReplayUpdateRequestSchema, response: { 200: Envelope(ReplaySchema) } } }, async (request) =>
    ok(await updateReplay(db, sessionOf(request).user.id, request.body.id, request.body.hidden)),
  );

  app.post('/api/Live/replayDelete', { ...login, schema: { body: ReplayDeleteRequestSchema, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await deleteReplay(db, archive.storage, sessionOf(request).user.id, request.body.id);
    return ok(null);
  });
}

/** A playlist's text, gzipped once (a 2 h window is hundreds of KB; @fastify/compress leaves HLS types alone). */
interface Playlist {
  text: string;
  gzipped: Buffer;
}

function playlistOf(text: string): Playlist {
  return { text, gzipped: gzipSync(text) };
}

function sendPlaylist(request: FastifyRequest, reply: FastifyReply, playlist: Playlist, cacheControl: string) {
  reply.type(PLAYLIST_TYPE).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff').header('vary', 'accept-encoding');
  const accepts = request.headers['accept-encoding'];
  if (typeof accepts === 'string' && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(playlist.gzipped);
  return reply.send(playlist.text);
}

/** A kept file from the storage (404 when its key or file is gone: deleted meanwhile). */
async function sendStored(reply: FastifyReply, archive: MediaArchive, key: string | null, type: string) {
  const kept = key === null ? null : await archive.storage.stat(key);
  if (key === null || kept === null) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
  return reply
    .type(type)
    .header('content-length', String(kept.bytes))
    // A kept file never changes under its name; a deleted replay must stop being served soon.
    .header('cache-control', 'public, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .send(fs.createReadStream(archive.storage.localPath(key)));
}

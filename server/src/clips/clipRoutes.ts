import fs from 'node:fs';
import {
  CLIP_TITLE_MAX,
  ClipCreateRequestSchema,
  ClipDeleteRequestSchema,
  ClipInfoQuerySchema,
  type ClipKind,
  ClipKindSchema,
  ClipListQuerySchema,
  ClipOffsetRequestSchema,
  ClipOffsetSchema,
  ClipPageSchema,
  ClipSchema,
  ClipUpdateRequestSchema,
  Envelope,
} from '@sports/shared/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import { sessionOf } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import { sendError } from '../infra/http/errorHandler';
import type { App } from '../infra/http/types';
import { optionalViewerId } from '../live/index';
import { type ClipSelector, clipById, clipView, listClips } from './clipRows';
import type { ClipService } from './clipService';
import { type ClipStorage, clipThumbKey, clipVideoKey } from './clipStorage';

export interface ClipRoutesOptions {
  db: Kysely<Database>;
  clips: ClipService;
  storage: ClipStorage;
  clock: Clock;
  /** The one sensitive-word filter: true when the text may be published. */
  allowed: (text: string) => boolean;
}

const LIST_LIMIT_DEFAULT = 20;
const CLIP_KINDS = new Set<string>(ClipKindSchema.anyOf.map((kind) => kind.const as string));
const CLIP_FILE = /^([1-9][0-9]{0,15})\.(mp4|jpg)$/;

/**
 * The clips API (issue 34; clips/README.md): `api/Clip/list`, `info`, `create` (剪辑), `update`,
 * `delete`, the anchor's `api/Live/setClipOffset`, and the files under `/media/clips/<id>.mp4|jpg`
 * (range requests: the player seeks).
 */
export async function clipRoutes(app: App, options: ClipRoutesOptions): Promise<void> {
  const { db, clips, storage, clock } = options;
  const login = { preHandler: app.requireLogin };
  const viewer = (request: FastifyRequest) => optionalViewerId(db, clock, request);

  app.get('/api/Clip/list', { schema: { querystring: ClipListQuerySchema, response: { 200: Envelope(ClipPageSchema) } } }, async (request) => {
    const query = request.query;
    const selectors = [query.match_id !== undefined, query.room_id !== undefined, query.latest !== undefined].filter(Boolean).length;
    if (selectors !== 1) throw errors.CLIP_LIST_SELECTOR();
    const selector: ClipSelector =
      query.match_id !== undefined ? { by: 'match', matchId: query.match_id } : query.room_id !== undefined ? { by: 'room', roomId: query.room_id } : { by: 'latest' };
    let kinds: ClipKind[] | null = null;
    if (query.kinds !== undefined) {
      const named = query.kinds.split(',');
      if (!named.every((kind) => CLIP_KINDS.has(kind))) throw errors.CLIP_BAD_KINDS();
      kinds = named as ClipKind[];
    }
    let cursor: number | null = null;
    if (query.cursor !== undefined) {
      if (!/^[1-9][0-9]{0,15}$/.test(query.cursor)) throw errors.CLIP_BAD_CURSOR();
      cursor = Number(query.cursor);
    }
    return ok(await listClips(db, selector, { kinds, cursor, limit: query.limit ?? LIST_LIMIT_DEFAULT, viewerId: await viewer(request) }));
  });

  app.get('/api/Clip/info', { schema: { querystring: ClipInfoQuerySchema, response: { 200: Envelope(ClipSchema) } } }, async (request) => {
    const clip = await clipById(db, request.query.id);
    const viewerId = await viewer(request);
    if (clip === null) throw errors.CLIP_NOT_FOUND();
    const view = clipView(clip, viewerId);
    // Hidden by ops: only its creator and the room's anchor still see it (as hidden: no files).
    if (clip.hidden && view.can_edit !== 1) throw errors.CLIP_NOT_FOUND();
    return ok(clip.hidden ? { ...view, video_url: null, thumb_url: null } : view);
  });

  app.post('/api/Clip/create', { ...login, schema: { body: ClipCreateRequestSchema, response: { 200: Envelope(ClipSchema) } } }, async (request) => {
    const user = sessionOf(request).user;
    const clip = await clips.createPersonClip(user.id, request.body.room_id, request.body.title, options.allowed);
    request.log.info({ clipId: clip.id, roomId: clip.room_id }, 'clips: person clip requested');
    return ok(clipView(clip, user.id));
  });

  app.post('/api/Clip/update', { ...login, schema: { body: ClipUpdateRequestSchema, response: { 200: Envelope(ClipSchema) } } }, async (request) => {
    const user = sessionOf(request).user;
    const clip = await editableClip(db, request.body.id, user.id);
    const title = request.body.title.trim();
    if (title === '') throw errors.CLIP_TITLE_EMPTY();
    if (title.length > CLIP_TITLE_MAX) throw errors.CLIP_TITLE_TOO_LONG();
    if (!options.allowed(title)) throw errors.CLIP_TITLE_REFUSED();
    await db.updateTable('clip').set({ title }).where('id', '=', clip.id).where('deleted_at', 'is', null).execute();
    return ok(clipView({ ...clip, title }, user.id));
  });

  app.post('/api/Clip/delete', { ...login, schema: { body: ClipDeleteRequestSchema, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    const user = sessionOf(request).user;
    const clip = await editableClip(db, request.body.id, user.id);
    await db.updateTable('clip').set({ deleted_at: clock(), video_key: null, thumb_key: null }).where('id', '=', clip.id).where('deleted_at', 'is', null).execute();
    // Files after the row: a player still on it gets 404 (片段不存在或已删除), never a half file.
    await storage.remove(clipVideoKey(clip.id));
    await storage.remove(clipThumbKey(clip.id));
    request.log.info({ clipId: clip.id, by: user.id }, 'clips: clip deleted');
    return ok(null);
  });

  app.post('/api/Live/setClipOffset', { ...login, schema: { body: ClipOffsetRequestSchema, response: { 200: Envelope(ClipOffsetSchema) } } }, async (request) => {
    const user = sessionOf(request).user;
    let query = db.updateTable('live_room').set({ clip_offset_seconds: request.body.clip_offset_seconds, updated_at: clock() }).where('owner_id', '=', user.id);
    if (request.body.room_id !== undefined) query = query.where('id', '=', request.body.room_id);
    const room = await query.returning(['id', 'clip_offset_seconds']).executeTakeFirst();
    if (room === undefined) {
      if (request.body.room_id === undefined) throw errors.LIVE_NO_ROOM();
      const exists = await db.selectFrom('live_room').select('id').where('id', '=', request.body.room_id).executeTakeFirst();
      throw exists === undefined ? errors.LIVE_ROOM_NOT_FOUND() : errors.LIVE_NOT_OWNER();
    }
    // The room's 回看 markers move with the offset: its viewers' DVR window is read afresh.
    app.mediaArchive.forgetRoomDvr(room.id);
    request.log.info({ roomId: room.id, offsetSeconds: room.clip_offset_seconds }, 'clips: the anchor set the clip offset');
    return ok({ room_id: room.id, clip_offset_seconds: room.clip_offset_seconds });
  });

  const fileParams = Type.Object({ file: Type.String({ maxLength: 24 }) }, { additionalProperties: false });
  app.get('/media/clips/:file', { schema: { params: fileParams } }, async (request, reply) => {
    const match = CLIP_FILE.exec(request.params.file);
    if (match === null) return sendError(reply, errors.CLIP_FILE_NOT_FOUND());
    const clipId = Number(match[1]);
    const isVideo = match[2] === 'mp4';
    const row = await db.selectFrom('clip').select(['video_key', 'thumb_key', 'status', 'hidden', 'deleted_at']).where('id', '=', clipId).executeTakeFirst();
    const key = row === undefined || row.status !== 'ready' || row.hidden || row.deleted_at !== null ? null : isVideo ? row.video_key : row.thumb_key;
    const stored = key === null ? null : await storage.stat(key);
    if (stored === null) return sendError(reply, errors.CLIP_FILE_NOT_FOUND());
    return sendFileWithRange(request, reply, stored.file, stored.bytes, isVideo ? 'video/mp4' : 'image/jpeg');
  });
}

/** The clip if `userId` may rename or delete it (its creator, the room's anchor). */
async function editableClip(db: Kysely<Database>, clipId: number, userId: number) {
  const clip = await clipById(db, clipId);
  if (clip === null) throw errors.CLIP_NOT_FOUND();
  if (clip.creator_id !== userId && clip.anchor_id !== userId) throw errors.CLIP_FORBIDDEN();
  return clip;
}

/** A file with `Accept-Ranges: bytes`: the whole, one `bytes=a-b` range (206), or 416. */
function sendFileWithRange(request: FastifyRequest, reply: FastifyReply, file: string, size: number, type: string): FastifyReply {
  reply.header('Accept-Ranges', 'bytes').header('Content-Type', type).header('Cache-Control', 'public, max-age=60').header('X-Content-Type-Options', 'nosniff');
  const range = request.headers.range;
  if (range === undefined) {
    reply.header('Content-Length', String(size));
    return reply.send(fs.createReadStream(file));
  }
  const parsed = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start: number;
  let end: number;
  if (parsed === null || (parsed[1] === '' && parsed[2] === '')) return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  if (parsed[1] === '') {
    const suffix = Number(parsed[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(parsed[1]);
    end = parsed[2] === '' ? size - 1 : Math.min(Number(parsed[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`).header('Content-Length', String(end - start + 1));
  return reply.send(fs.createReadStream(file, { start, end }));
}

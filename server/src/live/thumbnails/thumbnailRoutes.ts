import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { sendError } from '../../infra/http/errorHandler';
import type { App } from '../../infra/http/types';
import { RELAY_HEADER } from '../media/origin/relayHeader';
import { placeholderSvg, placeholderSvgOfRoomType } from './placeholderSvg';
import type { RoomFrame } from './thumbnailer';
import { PLACEHOLDER_FILE, ROOM_THUMB_FILE, THUMB_URL_PREFIX, type ThumbCategory } from './thumbnailUrls';

/** A frame is replaced every refresh; browsers revalidate (ETag) after this long. */
const FRAME_MAX_AGE_S = 15;
/** A category placeholder never changes. */
const PLACEHOLDER_MAX_AGE_S = 86_400;

export interface ThumbnailRoutesOptions {
  db: Kysely<Database>;
  frameOf: (roomId: number) => RoomFrame | undefined;
  /**
   * The frame of a room pushed to another node (media/origin/thumbnailPull.ts); asked when this
   * node has none and the request is not itself another node's pull (no loops).
   */
  remoteFrameOf?: (roomId: number) => Promise<RoomFrame | undefined>;
}

/**
 * `GET /live/thumb/room<id>.jpg`: the room's latest frame (JPEG), or its category's placeholder
 * (SVG) while there is none; `GET /live/thumb/<football|basketball|esports|general>.svg`: the
 * placeholders. With Cache-Control, ETag and Last-Modified; a matching If-None-Match or
 * If-Modified-Since answers 304. Names are matched whole (nothing else is reachable).
 */
export async function thumbnailRoutes(app: App, options: ThumbnailRoutesOptions): Promise<void> {
  const params = Type.Object({ file: Type.String({ maxLength: 40 }) });

  app.get(`${THUMB_URL_PREFIX}:file`, { schema: { params } }, async (request, reply) => {
    const { file } = request.params;
    const category = PLACEHOLDER_FILE.exec(file)?.[1] as ThumbCategory | undefined;
    if (category !== undefined) return sendPlaceholder(request, reply, placeholderSvg(category), `public, max-age=${PLACEHOLDER_MAX_AGE_S}`);

    const id = ROOM_THUMB_FILE.exec(file)?.[1];
    const roomId = id === undefined ? null : Number(id);
    if (roomId === null || !Number.isSafeInteger(roomId)) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
    const frame = options.frameOf(roomId) ?? (request.headers[RELAY_HEADER] === undefined ? await options.remoteFrameOf?.(roomId) : undefined);
    if (frame !== undefined) return sendFrame(request, reply, frame);
    const room = await options.db.selectFrom('live_room').select('type').where('id', '=', roomId).executeTakeFirst();
    if (room === undefined) return sendError(reply, errors.PLAYBACK_NOT_FOUND());
    // The room may go live (or its first frame come) any moment: browsers revalidate the
    // placeholder in its place each time (a 304 while it stays; the frame as soon as there is one).
    return sendPlaceholder(request, reply, placeholderSvgOfRoomType(room.type), 'no-cache');
  });
}

function sendFrame(request: FastifyRequest, reply: FastifyReply, frame: RoomFrame) {
  reply
    .header('cache-control', `public, max-age=${FRAME_MAX_AGE_S}`)
    .header('etag', frame.etag)
    .header('last-modified', frame.capturedAt.toUTCString())
    .header('x-content-type-options', 'nosniff');
  if (notModified(request, frame.etag, frame.capturedAt)) return reply.code(304).send();
  return reply.type('image/jpeg').send(frame.jpeg);
}

const placeholderEtags = new Map<string, string>();

function sendPlaceholder(request: FastifyRequest, reply: FastifyReply, svg: string, cacheControl: string) {
  let etag = placeholderEtags.get(svg);
  if (etag === undefined) {
    etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
    placeholderEtags.set(svg, etag);
  }
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    // An SVG opened on its own is a document: nothing in it may run.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  if (notModified(request, etag, null)) return reply.code(304).send();
  return reply.type('image/svg+xml').send(svg);
}

/** RFC 9110 13.1: If-None-Match decides when present; else If-Modified-Since against the frame's time. */
function notModified(request: FastifyRequest, etag: string, lastModified: Date | null): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined || lastModified === null) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

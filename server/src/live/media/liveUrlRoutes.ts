import { Envelope, type LiveUrl, LiveUrlQuerySchema, LiveUrlSchema } from '@sports/shared/server';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { requireStateChangeProof } from '../../accounts/index';
import { sessionOf } from '../../accounts/index';
import type { PushAddress } from './mediaAddresses';
import { streamNameFor } from './playbackUrls';
import { pushSignature } from './pushSignature';

export interface LiveUrlRoutesOptions {
  db: Kysely<Database>;
  secret: () => string;
  pushKeyTtlHours: number;
  /** The push address of a stream with its sign, as this mode gives it. */
  pushAddress: (stream: string, sign: string, request: FastifyRequest) => PushAddress;
  /** The key was reset: a publish still running with the old one is cut off. */
  onKeyReset: (roomId: number) => void;
}

/** `GET api/Live/getLiveUrl[?reset=1]`: the caller's push address (anchors with a room only). */
export async function liveUrlRoutes(app: App, options: LiveUrlRoutesOptions): Promise<void> {
  app.get(
    '/api/Live/getLiveUrl',
    { preHandler: app.requireLogin, schema: { querystring: LiveUrlQuerySchema, response: { 200: Envelope(LiveUrlSchema) } } },
    async (request) => {
      const user = sessionOf(request).user;
      if (user.is_anchor !== 1) throw errors.LIVE_NOT_ANCHOR();
      // Only a reset changes state (so the route is not flagged `changesState`): the same CSRF rule
      // (accounts/csrf.ts), so a link from another site cannot cut an anchor's stream.
      if (request.query.reset === 1) await requireStateChangeProof(request);
      const room = await keyOfOwnRoom(options.db, user.id, request.query.reset === 1);
      if (room === undefined) throw errors.LIVE_URL_NO_ROOM();
      if (request.query.reset === 1) {
        request.log.info({ roomId: room.id, version: room.stream_key_version }, 'push key reset');
        options.onKeyReset(room.id);
      }
      const stream = streamNameFor(room.id);
      const expiresAt = Math.floor(Date.now() / 1000) + options.pushKeyTtlHours * 3600;
      const sign = pushSignature(options.secret(), stream, expiresAt, room.stream_key_version);
      const playback = await app.playbackUrls(room.id);
      const answer: LiveUrl = {
        room_id: room.id,
        stream_name: stream,
        ...options.pushAddress(stream, sign, request),
        expires_at: new Date(expiresAt * 1000).toISOString(),
        flv: playback.flv,
        hls: playback.hls,
      };
      return ok(answer);
    },
  );
}

/** The owner's room and its key version, bumped first when `reset`. */
async function keyOfOwnRoom(db: Kysely<Database>, ownerId: number, reset: boolean) {
  if (!reset) return db.selectFrom('live_room').select(['id', 'stream_key_version']).where('owner_id', '=', ownerId).executeTakeFirst();
  return db
    .updateTable('live_room')
    .set({ stream_key_version: sql<number>`stream_key_version + 1`, updated_at: sql<Date>`now()` })
    .where('owner_id', '=', ownerId)
    .returning(['id', 'stream_key_version'])
    .executeTakeFirst();
}

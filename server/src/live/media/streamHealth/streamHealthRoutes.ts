import { Envelope, RoomIdQuerySchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { sessionOf } from '../../../accounts/index';
import type { Database } from '../../../infra/db/schema';
import { errors } from '../../../infra/http/errorCatalogue';
import { ok } from '../../../infra/http/envelope';
import type { App } from '../../../infra/http/types';
import { roleIn, roomById } from '../../roomAccess';
import { type StreamHealth, StreamHealthSchema } from './streamHealthSchema';
import type { RoomStreamHealth, StreamHealthRegistry } from './streamHealthRegistry';

export interface StreamHealthRoutesOptions {
  db: Kysely<Database>;
  health: StreamHealthRegistry;
}

/**
 * `GET api/Live/streamHealth?room_id=`: the room's incoming stream (resolution, frame rate,
 * bitrates, keyframe interval, reconnects, warnings) for its owner and its admins; the room
 * console polls it every 2 s.
 */
export async function streamHealthRoutes(app: App, { db, health }: StreamHealthRoutesOptions): Promise<void> {
  app.get(
    '/api/Live/streamHealth',
    { preHandler: app.requireLogin, schema: { querystring: RoomIdQuerySchema, response: { 200: Envelope(StreamHealthSchema) } } },
    async (request) => {
      const room = await roomById(db, request.query.room_id);
      if ((await roleIn(db, room, sessionOf(request).user.id)) === 'member') throw errors.LIVE_STREAM_HEALTH_FORBIDDEN();
      return ok(answerOf(room.id, health.healthOf(room.id)));
    },
  );
}

function answerOf(roomId: number, health: RoomStreamHealth): StreamHealth {
  const figures = health.figures;
  return {
    room_id: roomId,
    live: health.live,
    publishing_since: health.publishingSince === null ? null : new Date(health.publishingSince).toISOString(),
    video_codec: figures?.videoCodec ?? null,
    audio_codec: figures?.audioCodec ?? null,
    width: figures?.width ?? null,
    height: figures?.height ?? null,
    fps: figures?.fps ?? null,
    video_kbps: figures?.videoKbps ?? 0,
    audio_kbps: figures?.audioKbps ?? 0,
    keyframe_interval_s: figures?.keyframeIntervalSeconds ?? null,
    since_last_frame_ms: figures?.sinceLastFrameMs ?? null,
    reconnects: health.reconnects,
    publishes_today: health.publishesToday,
    warnings: figures?.warnings ?? [],
  };
}

import { BigIdSchema, Envelope } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import { createRequireOps, opsActor } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';

export interface TestRoomsOpsOptions {
  db: Kysely<Database>;
  opsToken: string;
}

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
export const TestRoomParamsSchema = Type.Object({ id: BigIdSchema });
export const SetTestRoomRequestSchema = Type.Object({ is_test: Flag }, { additionalProperties: false });
export const SetTestRoomResultSchema = Type.Object({ room_id: BigIdSchema, title: Type.String(), is_test: Flag });

/**
 * `POST /api/ops/rooms/:id/test` {is_test: 1|0}: ops mark a room as a test room (or clear the
 * mark). A test room stays off the ranking (#/rank) whatever its title (live/ranking.ts); the
 * live list and the room page show it as any room. Guarded by the ops token exactly as
 * `api/ops/anchors` (an onRequest hook: strangers are refused before their body is read).
 */
export async function testRoomsOpsRoutes(app: App, { db, opsToken }: TestRoomsOpsOptions): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));
  app.post(
    '/api/ops/rooms/:id/test',
    { schema: { params: TestRoomParamsSchema, body: SetTestRoomRequestSchema, response: { 200: Envelope(SetTestRoomResultSchema) } } },
    async (request) => {
      const room = await db
        .updateTable('live_room')
        .set({ is_test: request.body.is_test === 1 })
        .where('id', '=', request.params.id)
        .returning(['id', 'title', 'is_test'])
        .executeTakeFirst();
      if (room === undefined) throw errors.LIVE_ROOM_NOT_FOUND();
      request.log.info({ roomId: room.id, isTest: room.is_test, actor: opsActor(request) }, 'test room flag set by ops');
      return ok({ room_id: room.id, title: room.title, is_test: room.is_test ? (1 as const) : (0 as const) });
    },
  );
}

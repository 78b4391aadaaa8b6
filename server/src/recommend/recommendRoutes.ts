import { Envelope, RECOMMEND_ROOMS_MAX, RecommendFollowsSchema, RecommendRoomsQuerySchema, RecommendRoomsSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { sessionOf } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { optionalViewerId } from '../live/index';
import { followSuggestions } from './followSuggestions';
import { recommendRooms } from './recommendRooms';

/** `api/Recommend/*` (issue 39 parts 4 and 5; README.md), in the envelope. */
export async function recommendRoutes(app: App, { db, clock }: { db: Kysely<Database>; clock: Clock }): Promise<void> {
  app.get(
    '/api/Recommend/rooms',
    {
      schema: {
        summary: `为你推荐: live rooms ranked by the documented score (followed anchor 100, followed team 60, followed league 40, watched room ≤25, watched sport share ≤30, 10 × log10(1 + viewers)); guests and members with no follows or history: by viewers with a sport mix. At most ${RECOMMEND_ROOMS_MAX}`,
        querystring: RecommendRoomsQuerySchema,
        response: { 200: Envelope(RecommendRoomsSchema) },
      },
    },
    async (request) => {
      const memberId = await optionalViewerId(db, clock, request);
      return ok(await recommendRooms(db, app.roomPresence, memberId, clock(), request.query.limit));
    },
  );

  app.get(
    '/api/Recommend/follows',
    {
      preHandler: app.requireLogin,
      schema: {
        summary: 'What to follow (the empty 我的关注 and 预约 pages): teams and leagues of the matches I viewed (favourited, reserved, watched in the last 30 days), filled with popular ones; live anchors in the sports I watch. Six of each, none I follow',
        response: { 200: Envelope(RecommendFollowsSchema) },
      },
    },
    async (request) => ok(await followSuggestions(db, app.roomPresence, sessionOf(request).user.id, clock())),
  );
}

import { Envelope, FOLLOWS_PER_TYPE_MAX, FOLLOW_TARGET_TYPES, FollowIdsSchema, FollowListQuerySchema, FollowListSchema, FollowRequestSchema, FollowResultSchema } from '@sports/shared/server';
import { sessionOf } from '../accounts/index';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { FOLLOW_TARGET_NAMES, type FollowService } from './followService';

/** `api/Follow/*` (issue 39 part 5; follows/README.md), in the envelope, signed in: a member's own follows only. */
export async function followRoutes(app: App, { service }: { service: FollowService }): Promise<void> {
  const login = { preHandler: app.requireLogin };

  for (const type of FOLLOW_TARGET_TYPES) {
    const what = FOLLOW_TARGET_NAMES[type];
    app.post(`/api/Follow/${type}`, {
      config: { changesState: true },
      ...login,
      schema: {
        summary: `关注 / 取消关注一个${what} ({id, follow}): an unknown id FOLLOW_TARGET_NOT_FOUND (404), following twice FOLLOW_ALREADY, unfollowing what is not followed FOLLOW_NOT_FOLLOWING, more than ${FOLLOWS_PER_TYPE_MAX} FOLLOW_TOO_MANY; answers the state and the follower count`,
        body: FollowRequestSchema,
        response: { 200: Envelope(FollowResultSchema) },
      },
    }, async (request) => ok(await service.follow(sessionOf(request).user.id, type, request.body.id, request.body.follow)));
  }

  app.get('/api/Follow/ids', { ...login, schema: { summary: 'Every id I follow per type (team, league, player, anchor), newest first: the stars and the score lists\' 关注 filter read it once per page load', response: { 200: Envelope(FollowIdsSchema) } } }, async (request) =>
    ok(await service.ids(sessionOf(request).user.id)),
  );

  app.get('/api/Follow/list', { ...login, schema: { summary: `我的关注: my follows of one type (team, league, player, anchor), newest first, at most ${FOLLOWS_PER_TYPE_MAX} (every team, league or player; the newest anchors), with names, and for teams and leagues the match now or next`, querystring: FollowListQuerySchema, response: { 200: Envelope(FollowListSchema) } } }, async (request) =>
    ok(await service.list(sessionOf(request).user.id, request.query.type)),
  );
}

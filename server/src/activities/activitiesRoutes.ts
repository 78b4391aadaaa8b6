import { ActivityIdParamsSchema, ActivityListSchema, ActivityPageSchema, ActivitySchema, Envelope, OpsActivitiesQuerySchema, SaveActivityRequestSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { createRequireOps, opsActor } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';
import { hostnameOf } from '../live/index';
import { activeActivities, allActivities, deleteActivity, saveActivity } from './activities';

export interface ActivitiesRoutesOptions {
  db: Kysely<Database>;
  clock: Clock;
}

/** `GET api/Activity_Config/getActivityUrl`: the banners shown now (anyone). */
export async function activitiesRoutes(app: App, { db, clock }: ActivitiesRoutesOptions): Promise<void> {
  app.get('/api/Activity_Config/getActivityUrl', { schema: { response: { 200: Envelope(ActivityListSchema) } } }, async () => ok(await activeActivities(db, clock())));
}

/** `api/ops/activities`: ops list, create or update and delete banners (the ops token, checked before the body is read). */
export async function activitiesOpsRoutes(app: App, { db, clock, opsToken }: ActivitiesRoutesOptions & { opsToken: string }): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));

  app.get('/api/ops/activities', { schema: { querystring: OpsActivitiesQuerySchema, response: { 200: Envelope(ActivityPageSchema) } } }, async (request) =>
    ok(await allActivities(db, request.query)),
  );

  app.post('/api/ops/activities', { schema: { body: SaveActivityRequestSchema, response: { 200: Envelope(ActivitySchema) } } }, async (request) => {
    const activity = await saveActivity(db, request.body, hostnameOf(request.headers.host), clock());
    request.log.info({ activityId: activity.id, actor: opsActor(request), created: request.body.id === undefined }, 'activity banner saved by ops');
    return ok(activity);
  });

  app.post('/api/ops/activities/:id/delete', { schema: { params: ActivityIdParamsSchema, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await deleteActivity(db, request.params.id);
    request.log.info({ activityId: request.params.id, actor: opsActor(request) }, 'activity banner deleted by ops');
    return ok(null);
  });
}

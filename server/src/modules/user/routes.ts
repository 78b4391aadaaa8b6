import { Envelope } from '@sports/shared/server';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { sessionOf } from '../../plugins/auth';
import { UserInfoSchema, toUserInfo } from './service';

/** `api/user/*`. Login and registration arrive with the accounts issue. */
export async function userRoutes(app: App): Promise<void> {
  app.get(
    '/api/user/info',
    { preHandler: app.requireLogin, schema: { response: { 200: Envelope(UserInfoSchema) } } },
    async (request) => ok(toUserInfo(sessionOf(request).user)),
  );
}

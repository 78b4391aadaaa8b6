import { Envelope, UpdateInfoRequestSchema, UploadTokenSchema, UserProfileSchema } from '@sports/shared/server';
import Type from 'typebox';
import { clearSessionCookie } from '../accounts/sessions/sessionCookie';
import { revokeSession } from '../accounts/sessions/sessions';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import { createFixedWindowLimiter } from '../infra/http/rateLimiter';
import type { App } from '../infra/http/types';
import { presentedToken, sessionOf } from '../accounts/authPlugin';
import { issueUploadToken } from '../uploads/service';
import type { AccountRoutesOptions } from '../accounts/routes';
import { toUserProfile } from '../accounts/service';
import { updateProfile } from './service';

/** Upload tokens a user may take an hour (each is a row; a loop must not fill the table). */
export const UPLOAD_TOKENS_PER_HOUR = 30;

/** `api/Member/*`: sign out, profile, profile changes, upload tokens. */
export async function memberRoutes(app: App, { db, services }: AccountRoutesOptions): Promise<void> {
  const uploadTokenLimiter = createFixedWindowLimiter({ max: UPLOAD_TOKENS_PER_HOUR, windowMs: 3_600_000, now: () => services.clock().getTime() });

  // No login required: signing out with an expired or revoked session must still clear the cookie.
  app.post('/api/Member/SignOut', { schema: { response: { 200: Envelope(Type.Null()) } } }, async (request, reply) => {
    const token = presentedToken(request);
    if (token !== null) await revokeSession(db, token);
    clearSessionCookie(request, reply);
    return ok(null);
  });

  app.get('/api/Member/info', { preHandler: app.requireLogin, schema: { response: { 200: Envelope(UserProfileSchema) } } }, async (request) =>
    ok(toUserProfile(sessionOf(request).user)),
  );

  app.post(
    '/api/member/updateInfo',
    { preHandler: app.requireLogin, schema: { body: UpdateInfoRequestSchema, response: { 200: Envelope(UserProfileSchema) } } },
    async (request) => ok(await updateProfile(db, services, sessionOf(request).user.id, request.body)),
  );

  app.post('/api/Member/getQiniuToken', { preHandler: app.requireLogin, schema: { response: { 200: Envelope(UploadTokenSchema) } } }, async (request) => {
    const userId = sessionOf(request).user.id;
    if (!uploadTokenLimiter.hit(String(userId)).allowed) throw errors.UPLOAD_TOKEN_TOO_FREQUENT();
    return ok(await issueUploadToken(db, services, userId));
  });
}

import {
  AttentionPageSchema,
  AttentionRequestSchema,
  AttentionResultSchema,
  BroadcastRecordPageSchema,
  Envelope,
  PageQuerySchema,
  UpdateInfoRequestSchema,
  UploadTokenSchema,
  UserProfileSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { AccountServices } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { clearSessionCookie } from '../accounts/index';
import { revokeSession } from '../accounts/index';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import { createFixedWindowLimiter } from '../infra/http/rateLimiter';
import type { App } from '../infra/http/types';
import { presentedToken, sessionOf } from '../accounts/index';
import { issueUploadToken } from '../uploads/index';
import { toUserProfile } from '../accounts/index';
import { attention, attentionList, broadcastRecords } from '../live/index';
import { updateProfile } from './service';

/** Upload tokens a user may take an hour (each is a row; a loop must not fill the table). */
export const UPLOAD_TOKENS_PER_HOUR = 30;

/**
 * `api/Member/*` (sign out, profile, profile changes, upload tokens, follow an anchor) and the
 * member centre's lists under `api/User/*` (my follows, my broadcast records). Follows and
 * broadcasts are the live domain's data, read through live/index.ts.
 */
export interface MemberRoutesOptions {
  db: Kysely<Database>;
  services: AccountServices;
}

export async function memberRoutes(app: App, { db, services }: MemberRoutesOptions): Promise<void> {
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
    async (request) => ok(await updateProfile(db, services, sessionOf(request).user.id, request.body, app.moderation)),
  );

  app.post('/api/Member/getQiniuToken', { preHandler: app.requireLogin, schema: { response: { 200: Envelope(UploadTokenSchema) } } }, async (request) => {
    const userId = sessionOf(request).user.id;
    if (!uploadTokenLimiter.hit(String(userId)).allowed) throw errors.UPLOAD_TOKEN_TOO_FREQUENT();
    return ok(await issueUploadToken(db, services, userId));
  });

  app.post('/api/Member/attention', { preHandler: app.requireLogin, schema: { body: AttentionRequestSchema, response: { 200: Envelope(AttentionResultSchema) } } }, async (request) =>
    ok(await attention(db, sessionOf(request).user.id, request.body)),
  );

  app.get('/api/User/attentionList', { preHandler: app.requireLogin, schema: { querystring: PageQuerySchema, response: { 200: Envelope(AttentionPageSchema) } } }, async (request) =>
    ok(await attentionList(db, app.roomPresence, sessionOf(request).user.id, request.query)),
  );

  app.get('/api/User/anchorExperienceList', { preHandler: app.requireLogin, schema: { querystring: PageQuerySchema, response: { 200: Envelope(BroadcastRecordPageSchema) } } }, async (request) =>
    ok(await broadcastRecords(db, sessionOf(request).user.id, request.query)),
  );
}

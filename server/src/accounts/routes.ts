import {
  AvatarChoiceSchema,
  Envelope,
  ForgotPasswordRequestSchema,
  GetCodeRequestSchema,
  GetCodeResultSchema,
  LoginRequestSchema,
  LoginResultSchema,
  RegisterRequestSchema,
  UserProfileSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { AccountServices } from './accountServices';
import { clearSessionCookie } from './sessions/sessionCookie';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { sessionOf } from './authPlugin';
import { PRESET_AVATARS } from './avatars';
import { requestSmsCode } from './codeService';
import { login } from './loginService';
import { register } from './registerService';
import { resetPassword } from './resetPasswordService';
import { startSession, toUserProfile } from './service';

export interface AccountRoutesOptions {
  db: Kysely<Database>;
  services: AccountServices;
}

/** `api/user/*`: SMS codes, registration, login, password reset, profile, preset avatars. */
export async function userRoutes(app: App, { db, services }: AccountRoutesOptions): Promise<void> {
  app.post('/api/user/getCode', { schema: { body: GetCodeRequestSchema, response: { 200: Envelope(GetCodeResultSchema) } } }, async (request) =>
    ok(await requestSmsCode(db, services, request.log, request.body, request.ip)),
  );

  app.post('/api/user/registered', { schema: { body: RegisterRequestSchema, response: { 200: Envelope(LoginResultSchema) } } }, async (request, reply) =>
    ok(await startSession(db, services, request, reply, await register(db, services, request.body))),
  );

  app.post('/api/user/login', { schema: { body: LoginRequestSchema, response: { 200: Envelope(LoginResultSchema) } } }, async (request, reply) =>
    ok(await startSession(db, services, request, reply, await login(db, services, request.body, request.ip))),
  );

  app.post('/api/user/forgotPassword', { schema: { body: ForgotPasswordRequestSchema, response: { 200: Envelope(Type.Null()) } } }, async (request, reply) => {
    await resetPassword(db, services, request.body, request.ip);
    // Every session of the user is revoked, this browser's included.
    clearSessionCookie(request, reply);
    return ok(null);
  });

  app.get('/api/user/info', { preHandler: app.requireLogin, schema: { response: { 200: Envelope(UserProfileSchema) } } }, async (request) =>
    ok(toUserProfile(sessionOf(request).user)),
  );

  app.get('/api/user/avatarList', { schema: { response: { 200: Envelope(Type.Array(AvatarChoiceSchema)) } } }, async () =>
    ok(PRESET_AVATARS.map((avatar) => ({ ...avatar }))),
  );
}

import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearSessionCookie, setSessionCookie } from './sessionCookie';

describe('session cookie', () => {
  // trustProxy so the test can say "this request came over https" with X-Forwarded-Proto.
  const app = Fastify({ logger: false, trustProxy: true });
  const now = new Date('2026-11-01T00:00:00Z');
  beforeAll(async () => {
    await app.register(fastifyCookie);
    app.post('/in', async (request, reply) => {
      setSessionCookie(request, reply, { token: 'st_token', expiresAt: new Date(now.getTime() + 3_600_000) }, now);
      return {};
    });
    app.post('/out', async (request, reply) => {
      clearSessionCookie(request, reply);
      return {};
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('is HttpOnly, SameSite=Lax, Path=/, Max-Age = the session left, not Secure over http', async () => {
    const response = await app.inject({ method: 'POST', url: '/in' });
    expect(response.headers['set-cookie']).toBe('token=st_token; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax');
  });

  it('is Secure over https', async () => {
    const response = await app.inject({ method: 'POST', url: '/in', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['set-cookie']).toBe('token=st_token; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax');
  });

  it('is cleared with the same attributes', async () => {
    const response = await app.inject({ method: 'POST', url: '/out', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['set-cookie']).toMatch(/^token=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/);
  });
});

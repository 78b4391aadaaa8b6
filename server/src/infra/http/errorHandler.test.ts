import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { sharedMessages } from '@sports/shared/server';
import Fastify from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from './businessError';
import { answerFrameworkError, installErrorHandlers } from './errorHandler';

/** The error handler on a small app of its own, so routes can throw exactly what we need. */
describe('installErrorHandlers', () => {
  const app = Fastify({ logger: false, bodyLimit: 100 }).setValidatorCompiler(TypeBoxValidatorCompiler);

  beforeAll(async () => {
    installErrorHandlers(app);
    app.get('/sql', async () => {
      // What a pg error looks like: SQL state code, message quoting the statement.
      throw Object.assign(new Error('syntax error at or near "DROP TABLE app_user"'), { code: '42601' });
    });
    app.get('/business', async () => {
      throw new BusinessError(50012, '登录已失效');
    });
    app.get('/limited', async () => {
      throw new BusinessError(1, '太快了', 429);
    });
    app.post('/body', { schema: { body: Type.Object({ name: Type.String({ maxLength: 3 }) }) } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers unexpected errors with 500 serverBusy and no internals', async () => {
    const response = await app.inject('/sql');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 1, msg: sharedMessages.serverBusy, data: null, reason: 'SERVER_BUSY' });
    expect(response.body).not.toMatch(/DROP|syntax|42601/);
  });

  it('answers business errors with HTTP 200 and their code', async () => {
    const response = await app.inject('/business');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 50012, msg: '登录已失效', data: null });
  });

  it('keeps an explicit HTTP status of a business error', async () => {
    const response = await app.inject('/limited');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: 1, msg: '太快了', data: null });
  });

  it('answers too large bodies with 413', async () => {
    const response = await app.inject({ method: 'POST', url: '/body', payload: { name: 'x'.repeat(200) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 1, msg: '请求内容过大', data: null, reason: 'BODY_TOO_LARGE' });
  });

  it('answers unsupported content types with 415', async () => {
    const response = await app.inject({ method: 'POST', url: '/body', payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe(1);
  });

  it('answers an empty JSON body as a format error', async () => {
    const response = await app.inject({ method: 'POST', url: '/body', payload: '', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg: '请求格式错误', data: null, reason: 'BAD_REQUEST_FORMAT' });
  });

  it('answers validation errors with the field name', async () => {
    const response = await app.inject({ method: 'POST', url: '/body', payload: { name: 'abcd' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg: 'name 长度不能超过 3 个字符', data: null, reason: 'VALIDATION' });
  });

  it('answers URLs Fastify cannot route with the envelope (frameworkErrors)', async () => {
    const framework = Fastify({ logger: false, frameworkErrors: answerFrameworkError });
    installErrorHandlers(framework);
    framework.get('/item/:id', async () => ({ ok: true }));
    await framework.ready();
    const badEscape = await framework.inject('/item/%E0%A4%A');
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ code: 1, msg: '请求地址无效', data: null, reason: 'BAD_URL' });
    const longParam = await framework.inject(`/item/${'x'.repeat(200)}`);
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toEqual({ code: 1, msg: '请求地址过长', data: null, reason: 'URL_TOO_LONG' });
    await framework.close();
  });

  it('answers unknown routes with the not-found envelope', async () => {
    const response = await app.inject('/nowhere');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 1, msg: sharedMessages.notFound, data: null, reason: 'NOT_FOUND' });
  });
});

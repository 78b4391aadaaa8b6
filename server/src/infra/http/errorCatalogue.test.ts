import { ResponseCode } from '@sports/shared/server';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from './businessError';
import { type CatalogueEntry, errorGroups, errors } from './errorCatalogue';
import { installErrorHandlers } from './errorHandler';

const entries = Object.entries(errors) as Array<[string, CatalogueEntry]>;

/** A sample argument per parameter, so message functions can be called. */
function sampleMessage(entry: CatalogueEntry): string {
  if (typeof entry.message === 'string') return entry.message;
  const make = entry.message as (...params: unknown[]) => string;
  // ['1'] reads as '1' in a template and still joins as a list (RELEASE_REFUSED).
  return String(make(...Array.from({ length: make.length }, () => ['1'])));
}

describe('the error catalogue', () => {
  it('names every entry with a unique SCREAMING_SNAKE reason key equal to its name', () => {
    const reasons = entries.map(([, entry]) => entry.reason);
    expect(new Set(reasons).size).toBe(reasons.length);
    for (const [name, entry] of entries) {
      expect(entry.reason).toBe(name);
      expect(entry.reason).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    }
  });

  it('takes each reason key from one domain group only (a key in two would silently replace the first)', () => {
    const keys = Object.values(errorGroups).flatMap((group) => Object.keys(group));
    expect(keys.length).toBe(entries.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every entry a non-empty message, a known envelope code and an HTTP status', () => {
    const codes: number[] = Object.values(ResponseCode).filter((code) => code !== ResponseCode.Ok);
    for (const [name, entry] of entries) {
      expect(sampleMessage(entry).trim(), name).not.toBe('');
      expect(codes, name).toContain(entry.code);
      expect(entry.status >= 200 && entry.status < 600, name).toBe(true);
    }
  });

  it('makes errors carrying the entry code, status, reason and message made from the parameters', () => {
    const error = errors.SMS_RESEND_TOO_SOON('45 秒');
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({ code: 1, httpStatus: 200, reason: 'SMS_RESEND_TOO_SOON', message: '验证码发送过于频繁，请 45 秒后再试' });
    expect(errors.LOGIN_LOCKED('10 分钟', 15).message).toBe('登录失败次数过多，已锁定 15 分钟，请 10 分钟后再试');
    expect(errors.SESSION_EXPIRED()).toMatchObject({ code: ResponseCode.SessionExpired, reason: 'SESSION_EXPIRED' });
  });
});

/** On the wire: Fastify sends what the error handler answers, reason included, whatever the route's response schema. */
describe('catalogue errors on the wire', () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    installErrorHandlers(app);
    const schema = { response: { 200: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' } } } } };
    app.get('/forbidden', { schema }, async () => {
      throw errors.OPS_FORBIDDEN();
    });
    app.get('/wait', { schema }, async () => {
      throw errors.SMS_CODE_WRONG(3);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers the entry status with code, msg, data null and the reason key', async () => {
    const forbidden = await app.inject('/forbidden');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ code: 1, msg: '需要运维权限', data: null, reason: 'OPS_FORBIDDEN' });
    const wait = await app.inject('/wait');
    expect(wait.statusCode).toBe(200);
    expect(wait.json()).toEqual({ code: 1, msg: '验证码错误，还可尝试 3 次', data: null, reason: 'SMS_CODE_WRONG' });
  });
});

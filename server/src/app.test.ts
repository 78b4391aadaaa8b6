import { sharedMessages } from '@sports/shared/server';
import { expect, it } from 'vitest';
import { API_BODY_LIMIT_BYTES } from './app';
import { describeEachDatabase, useTestApp } from './testing/testApp';

describeEachDatabase('app', (target) => {
  const ctx = useTestApp(target);

  it('wraps success in the envelope', async () => {
    const response = await ctx.app.inject('/api/hot_match/initial_list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    expect(body).toMatchObject({ code: 200, msg: '' });
  });

  it.each(['/api/nope', '/api/universal/nope', '/api'])('answers unknown API path %s with 404 code 1', async (url) => {
    const response = await ctx.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 1, msg: sharedMessages.notFound, data: null, reason: 'NOT_FOUND' });
  });

  it('answers malformed JSON with code 1', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/mf/telemetry',
      payload: '{"remote": "mf_live",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg: '请求格式错误', data: null, reason: 'BAD_REQUEST_FORMAT' });
  });

  it('answers a body over 64 KiB with 413 code 1', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/mf/telemetry',
      payload: JSON.stringify({ message: 'x'.repeat(API_BODY_LIMIT_BYTES) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(1);
  });

  it.each(['/api/Universal/getHot', '/api/universal/gethot', '/API/UNIVERSAL/GETHOT', '/api/search/INDEX?name=NBA'])(
    'routes %s case-insensitively',
    async (url) => {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.json().code).toBe(200);
    },
  );
});

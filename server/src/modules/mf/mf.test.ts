import { REMOTE_NAMES, REMOTE_PACKAGE_FOLDER } from '@sports/shared/server';
import { expect, it } from 'vitest';
import { createFixedWindowLimiter } from '../../http/rateLimiter';
import { FAKE_REMOTE_VERSIONS } from '../../testing/fakeSite';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { USER_AGENT_MAX_LENGTH } from './service';
import { telemetryMessages } from './routes';

const validReport = { remote: 'mf_live', version: '1.2.3', phase: 'load', message: 'ChunkLoadError: Loading chunk 123 failed', route: '/live' };

describeEachDatabase('mf control plane', (target) => {
  const ctx = useTestApp(target, { app: { telemetryLimiter: createFixedWindowLimiter({ max: 8, windowMs: 60_000 }) } });
  const telemetryRows = () => ctx.db.selectFrom('mf_telemetry').selectAll().orderBy('id').execute();
  const report = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/mf/telemetry', payload: payload as object, headers });

  it('assigns the four remotes with the versions of their package.json', async () => {
    const response = await ctx.app.inject('/api/mf/remotes');
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe(200);
    expect(data.remotes).toEqual(
      REMOTE_NAMES.map((name) => ({
        name,
        version: FAKE_REMOTE_VERSIONS[REMOTE_PACKAGE_FOLDER[name]],
        manifestUrl: `/web/remotes/${REMOTE_PACKAGE_FOLDER[name]}/mf-manifest.json`,
      })),
    );
  });

  it('stores a telemetry report with a truncated user agent', async () => {
    const response = await report(validReport, { 'user-agent': `Mozilla/5.0 ${'x'.repeat(1000)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: '', data: null });
    const rows = await telemetryRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ remote: 'mf_live', version: '1.2.3', phase: 'load', message: validReport.message, route: '/live' });
    expect(rows[0]?.user_agent).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(rows[0]?.created_at).toBeInstanceOf(Date);
  });

  it.each([
    [{ ...validReport, remote: 'mf_evil' }, 'remote 取值无效'],
    [{ ...validReport, version: 123 }, 'version 类型错误'],
    [{ ...validReport, version: '' }, 'version 不能为空'],
    [{ ...validReport, message: 'x'.repeat(2001) }, 'message 长度不能超过 2000 个字符'],
    [{ remote: 'mf_live', phase: 'load', message: 'm' }, '缺少参数 version'],
    [{ ...validReport, phase: 'boot' }, 'phase 取值无效'],
  ])('rejects %j and stores nothing', async (payload, msg) => {
    const before = (await telemetryRows()).length;
    const response = await report(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg, data: null });
    expect(await telemetryRows()).toHaveLength(before);
  });

  it('limits reports per IP with 429 and a clear message', async () => {
    // 1 stored + 6 rejected above = 7 of the 8 allowed this minute.
    expect((await report(validReport)).statusCode).toBe(200);
    const limited = await report(validReport);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 1, msg: telemetryMessages.rateLimited, data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not affected.
    const other = await ctx.app.inject({ method: 'POST', url: '/api/mf/telemetry', payload: validReport, remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
  });
});

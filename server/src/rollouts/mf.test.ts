import { expect, it } from 'vitest';
import { createFixedWindowLimiter } from '../infra/http/rateLimiter';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { USER_AGENT_MAX_LENGTH } from './service';
import { scratchReleases } from './testing/releaseFixtures';
import { errors } from '../infra/http/errorCatalogue';

const validReport = { remote: 'mf_live', version: '1.2.3-abcdef1234', phase: 'load', message: 'ChunkLoadError: Loading chunk 123 failed', route: '/live' };

describeEachDatabase('mf telemetry', (target) => {
  // 20 reports a minute: reached by the limit test after the reports before it.
  const telemetryLimiter = createFixedWindowLimiter({ max: 20, windowMs: 60_000 });
  const ctx = useTestApp(target, { app: { releases: { ...scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }), telemetryLimiter } } });
  const telemetryRows = () => ctx.db.selectFrom('mf_telemetry').selectAll().orderBy('id').execute();
  const report = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/mf/telemetry', payload: payload as object, headers });

  it('answers no remote while nothing was published', async () => {
    const response = await ctx.app.inject('/api/mf/remotes');
    expect(response.json()).toEqual({ code: 200, msg: '', data: { remotes: [] } });
  });

  it('stores a telemetry report with a truncated user agent', async () => {
    const response = await report(validReport, { 'user-agent': `Mozilla/5.0 ${'x'.repeat(1000)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: '', data: null });
    const rows = await telemetryRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ remote: 'mf_live', version: validReport.version, phase: 'load', message: validReport.message, route: '/live' });
    expect(rows[0]?.user_agent).toHaveLength(USER_AGENT_MAX_LENGTH);
  });

  it("stores 'loaded' reports, the error rate's denominator", async () => {
    expect((await report({ ...validReport, phase: 'loaded', message: '' })).statusCode).toBe(200);
    expect((await telemetryRows()).at(-1)?.phase).toBe('loaded');
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
    expect(response.json()).toEqual({ code: 1, msg, data: null, reason: 'VALIDATION' });
    expect(await telemetryRows()).toHaveLength(before);
  });

  it('limits reports per IP with 429 and a clear message', async () => {
    for (let sent = 0; sent < 20; sent++) await report(validReport);
    const limited = await report(validReport);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 1, msg: errors.TELEMETRY_RATE_LIMITED.message, data: null, reason: 'TELEMETRY_RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await ctx.app.inject({ method: 'POST', url: '/api/mf/telemetry', payload: validReport, remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
  });
});

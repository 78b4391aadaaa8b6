import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportRemoteTelemetry } from './reportRemoteTelemetry';

const sent: { url: string; body: unknown; keepalive?: boolean }[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)), keepalive: init.keepalive });
    return new Response('{}');
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('reportRemoteTelemetry', () => {
  it('posts the failure to the control plane, keepalive, message bounded to 2000 characters', () => {
    reportRemoteTelemetry({ remote: 'mf_scores', version: '0.1.0', phase: 'load', message: 'x'.repeat(5000) }, 1_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/mf/telemetry');
    expect(sent[0]?.keepalive).toBe(true);
    expect((sent[0]?.body as { message: string }).message).toHaveLength(2000);
  });

  it('sends the same failure at most once per 10 s', () => {
    const report = { remote: 'mf_member', version: '0.1.0', phase: 'load', message: 'same' } as const;
    reportRemoteTelemetry(report, 100_000);
    reportRemoteTelemetry(report, 109_999);
    reportRemoteTelemetry({ ...report, phase: 'render' }, 109_999);
    reportRemoteTelemetry(report, 110_000);
    expect(sent.map((entry) => (entry.body as { phase: string }).phase)).toEqual(['load', 'render', 'load']);
  });
});

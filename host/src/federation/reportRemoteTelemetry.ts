import type { RemoteTelemetry } from '@sports/shared';

const REPEAT_WINDOW_MS = 10_000;
const lastSentAt = new Map<string, number>();

/**
 * Tells the control plane how a remote release did (`POST /api/mf/telemetry`): it failed to
 * load or render, or it loaded ('loaded', once per page), so ops see each release's error rate
 * and a failing canary can be halted. Sent with fetch, not the API client: a failed report must
 * never toast, and keepalive lets it leave while the page unloads. The same failure is sent at
 * most once per 10 s so a retry loop cannot flood the server.
 */
export function reportRemoteTelemetry(report: RemoteTelemetry, now = Date.now()): void {
  const key = `${report.remote}|${report.phase}|${report.message}`;
  const previous = lastSentAt.get(key);
  if (previous !== undefined && now - previous < REPEAT_WINDOW_MS) return;
  lastSentAt.set(key, now);
  const body = JSON.stringify({ ...report, message: report.message.slice(0, 2000) });
  void fetch('/api/mf/telemetry', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

/** Every API answer has this shape: `{ code: 200, msg: '', data }` on success. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /**
   * On failures: a stable key naming what went wrong (e.g. `SMS_RESEND_TOO_SOON`), from the
   * server's error catalogue, so clients and tests can tell failures apart without reading `msg`.
   */
  reason?: string;
}

export function isApiEnvelope(value: unknown): value is ApiEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && 'data' in candidate;
}

/** Every API answer has this shape: `{ code: 200, msg: '', data }` on success. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function isApiEnvelope(value: unknown): value is ApiEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && 'data' in candidate;
}

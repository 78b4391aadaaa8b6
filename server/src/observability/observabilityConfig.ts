import type { ReadVar } from '../infra/config/envVars';
import type { NodeEnv } from '../infra/config/envVars';

/**
 * Who may read an ops endpoint (/api/docs, /metrics):
 * - on: anyone who reaches the server (development, tests, a port only ops can reach);
 * - off: the endpoint does not exist (404);
 * - protected: only callers sending the ops token in `x-ops-token` (the rollout control
 *   plane's token, MF_OPS_TOKEN or DATA_DIR/ops-token); anyone else gets 403.
 */
export const OBSERVABILITY_MODES = ['on', 'off', 'protected'] as const;
export type ObservabilityMode = (typeof OBSERVABILITY_MODES)[number];

export interface ObservabilityConfig {
  /** API_DOCS: the OpenAPI document and its browsable page at /api/docs. */
  apiDocs: ObservabilityMode;
  /** METRICS: Prometheus metrics at /metrics. */
  metrics: ObservabilityMode;
}

/** Open where people build and test; behind the ops token in production (the API map and load figures help an attacker). */
export function defaultObservabilityConfig(nodeEnv: NodeEnv): ObservabilityConfig {
  const mode: ObservabilityMode = nodeEnv === 'production' ? 'protected' : 'on';
  return { apiDocs: mode, metrics: mode };
}

/** API_DOCS and METRICS; each bad value is added to `problems` (config.ts reports them all at once). */
export function loadObservabilityConfig(read: ReadVar, nodeEnv: NodeEnv, problems: string[]): ObservabilityConfig {
  const defaults = defaultObservabilityConfig(nodeEnv);
  return {
    apiDocs: parseMode('API_DOCS', read('API_DOCS'), defaults.apiDocs, problems),
    metrics: parseMode('METRICS', read('METRICS'), defaults.metrics, problems),
  };
}

function parseMode(name: string, raw: string | undefined, fallback: ObservabilityMode, problems: string[]): ObservabilityMode {
  if (raw === undefined) return fallback;
  const mode = OBSERVABILITY_MODES.find((choice) => choice === raw.toLowerCase());
  if (mode !== undefined) return mode;
  problems.push(`${name} must be one of ${OBSERVABILITY_MODES.join(', ')}, got "${raw}"`);
  return fallback;
}

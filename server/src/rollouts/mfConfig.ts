import { type ReadVar, parseInteger } from '../infra/config/envVars';
import { MIN_OPS_TOKEN_LENGTH } from '../infra/http/opsAuth';
import { DEFAULT_OVERRIDE_MAX_MINUTES } from './overrideGrants';
import { DEFAULT_HALT_POLICY, type HaltPolicy } from './releaseHealth';

/** The rollout control plane's part of the configuration. */
export interface MfConfig {
  /** MF_OPS_TOKEN; null: generated once into DATA_DIR/ops-token. */
  opsToken: string | null;
  haltPolicy: HaltPolicy;
  telemetryPerMinute: number;
  /** Where release folders are served from (a CDN in production); default the site itself. */
  releasesBaseUrl: string;
  /** Builds on this machine become stable at start (default: everywhere but production). */
  promoteLocalBuilds: boolean;
  /** MF_OVERRIDE_MAX_MINUTES: the longest life of a QA override token (default a day). */
  overrideMaxMinutes: number;
  /** MF_DEV_OVERRIDES: unsigned loopback dev overrides, `pnpm dev:remote` (default: everywhere but production). */
  devOverrides: boolean;
}

export function loadMfConfig(read: ReadVar, nodeEnv: string, problems: string[]): MfConfig {
  const int = (name: string, fallback: number, min: number, max: number) => parseInteger(name, read(name), { fallback, min, max }, problems);
  const percent = int('MF_HALT_ERROR_PERCENT', DEFAULT_HALT_POLICY.errorRate * 100, 1, 100);
  const promote = read('MF_PROMOTE_LOCAL_BUILDS');
  const opsToken = read('MF_OPS_TOKEN');
  const dev = read('MF_DEV_OVERRIDES');
  if (dev !== undefined && dev !== '0' && dev !== '1') problems.push(`MF_DEV_OVERRIDES must be 0 or 1, got "${dev}"`);
  if (opsToken !== undefined && opsToken.length < MIN_OPS_TOKEN_LENGTH) problems.push(`MF_OPS_TOKEN must have at least ${MIN_OPS_TOKEN_LENGTH} characters`);
  if (promote !== undefined && promote !== '0' && promote !== '1') problems.push(`MF_PROMOTE_LOCAL_BUILDS must be 0 or 1, got "${promote}"`);
  return {
    opsToken: opsToken ?? null,
    haltPolicy: {
      errorRate: percent / 100,
      minSample: int('MF_HALT_MIN_SAMPLE', DEFAULT_HALT_POLICY.minSample, 1, 1_000_000),
      windowSeconds: int('MF_HALT_WINDOW_SECONDS', DEFAULT_HALT_POLICY.windowSeconds, 10, 86_400),
    },
    telemetryPerMinute: int('MF_TELEMETRY_PER_MINUTE', 120, 1, 100_000),
    releasesBaseUrl: (read('MF_RELEASES_BASE_URL') ?? '/web/releases').replace(/\/+$/, ''),
    promoteLocalBuilds: promote === undefined ? nodeEnv !== 'production' : promote === '1',
    devOverrides: dev === undefined ? nodeEnv !== 'production' : dev === '1',
    overrideMaxMinutes: int('MF_OVERRIDE_MAX_MINUTES', DEFAULT_OVERRIDE_MAX_MINUTES, 1, 7 * 24 * 60),
  };
}

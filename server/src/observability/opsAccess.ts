import type { onRequestAsyncHookHandler } from 'fastify';
import { createRequireOps } from '../infra/http/opsAuth';
import type { ObservabilityMode } from './observabilityConfig';

/**
 * The onRequest hook guarding an ops endpoint in `protected` mode: the rollout control plane's
 * own check (x-ops-token, compared in constant time, 403 with the envelope otherwise), so ops
 * hold one token for everything. Nothing to check in `on` mode.
 */
export function opsAccessHook(mode: Exclude<ObservabilityMode, 'off'>, opsToken: string): onRequestAsyncHookHandler | undefined {
  if (mode === 'on') return undefined;
  return createRequireOps(opsToken);
}

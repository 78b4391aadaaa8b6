import os from 'node:os';
import { type ReadVar, parseInteger } from '../../infra/config/envVars';

/** More fan-out processes than this only cost memory: the writes are bounded by the cores. */
export const MAX_LIVE_WORKERS = 32;

/**
 * LIVE_WORKERS when unset. Measured on the 2-core machines (server/README.md, "Benchmark"): with
 * two cores the main process's one write loop beats workers (three busy processes on two cores
 * schedule worse, and each worker costs ~150 MB), so 0 there. With more cores the writes spread
 * over workers while one core stays with the main process (HTTP, API, feed); not yet measured.
 */
export function defaultLiveWorkers(cores = os.availableParallelism()): number {
  if (cores <= 2) return 0;
  return Math.min(MAX_LIVE_WORKERS, cores - 1);
}

/** LIVE_WORKERS: 0 serves the live-data sockets in the main process; N in N worker processes. */
export function loadLiveWorkers(read: ReadVar, problems: string[]): number {
  return parseInteger('LIVE_WORKERS', read('LIVE_WORKERS'), { fallback: defaultLiveWorkers(), min: 0, max: MAX_LIVE_WORKERS }, problems);
}

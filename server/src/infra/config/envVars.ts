/**
 * The pieces every domain's config loader uses (config.ts collects them all): how a variable is
 * read, whole-number parsing that reports a problem instead of throwing (so config.ts can name
 * every bad variable in one error), and the closed sets of NODE_ENV and LOG_LEVEL.
 */
/** How config.ts reads one variable: trimmed, undefined when unset or empty. */
export type ReadVar = (name: string) => string | undefined;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export function parseInteger(
  name: string,
  raw: string | undefined,
  range: { fallback: number; min: number; max: number },
  problems: string[],
): number {
  if (raw === undefined) return range.fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < range.min || value > range.max) {
    problems.push(`${name} must be a whole number from ${range.min} to ${range.max}, got "${raw}"`);
    return range.fallback;
  }
  return value;
}

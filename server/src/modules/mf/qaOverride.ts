import { isRemoteName, type RemoteName } from '@sports/shared/server';

/** At most one override per remote; anything longer than this is not ours. */
export const OVERRIDE_MAX_LENGTH = 300;
const ENTRY = /^(mf_[a-z]+)@([0-9A-Za-z.+_-]{1,64})$/;

/**
 * 'mf_live@0.2.0-3f9a1c2b0d,mf_scores@…' → remote → release id. Malformed entries are dropped
 * (a QA link with a typo must not break the page); registration is checked by the registry.
 */
export function parseOverrides(raw: string | undefined): Map<RemoteName, string> {
  const overrides = new Map<RemoteName, string>();
  if (!raw || raw.length > OVERRIDE_MAX_LENGTH) return overrides;
  for (const entry of raw.split(',')) {
    const match = ENTRY.exec(entry.trim());
    if (match?.[1] && match[2] && isRemoteName(match[1])) overrides.set(match[1], match[2]);
  }
  return overrides;
}

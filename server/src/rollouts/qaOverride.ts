import type { RemoteName } from '@sports/shared/server';
import { type OverrideGrant, OVERRIDE_TOKEN_MAX_LENGTH, verifyOverride } from './overrideTokens';

/** At most one token per remote, comma-separated; anything longer than this is not ours. */
export const OVERRIDE_MAX_LENGTH = 4 * (OVERRIDE_TOKEN_MAX_LENGTH + 1);

/** A verified grant and the token that carried it (what the cookie keeps). */
export interface VerifiedOverride extends OverrideGrant {
  token: string;
}

/**
 * The `?override=` value or the `mf_override` cookie: comma-separated override tokens
 * (overrideTokens.ts). Only tokens signed by this server and not expired count, one per remote
 * (the latest expiry wins); anything else is dropped without a word, so a QA link with a typo, an
 * old link or a forged one gives the visitor the ordinary page. Whether the release may still be
 * overridden is checked by the registry, on every request.
 */
export function verifiedOverrides(raw: string | undefined, key: Buffer, now: number): Map<RemoteName, VerifiedOverride> {
  const overrides = new Map<RemoteName, VerifiedOverride>();
  if (!raw || raw.length > OVERRIDE_MAX_LENGTH) return overrides;
  for (const part of raw.split(',')) {
    const token = part.trim();
    const grant = verifyOverride(key, token, now);
    if (grant === null) continue;
    const known = overrides.get(grant.remote);
    if (known === undefined || grant.expiresAt > known.expiresAt) overrides.set(grant.remote, { ...grant, token });
  }
  return overrides;
}

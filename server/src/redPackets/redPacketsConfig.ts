import { RED_PACKET_COINS_MAX, RED_PACKET_SHARES_MAX } from '@sports/shared/server';
import { type ReadVar, parseInteger } from '../infra/config/envVars';

/** Red packets' settings (config RED_PACKET_*; README.md). */
export interface RedPacketsConfig {
  /** RED_PACKET_EXPIRY_SECONDS: a packet's life when the funder names none (600: 10 minutes). */
  expirySeconds: number;
  /** RED_PACKET_EXPIRY_MIN_SECONDS: the shortest life a funder may ask (60; the e2e server lowers it to a few seconds). */
  expiryMinSeconds: number;
  /** RED_PACKET_EXPIRY_MAX_SECONDS: the longest (86400). */
  expiryMaxSeconds: number;
  /** RED_PACKET_SHARES_MAX, RED_PACKET_COINS_MAX: a packet's bounds. */
  sharesMax: number;
  coinsMax: number;
  /** RED_PACKET_MIN_ACCOUNT_AGE_HOURS: accounts younger than this cannot grab (0: no limit; 24 excludes day-old accounts). */
  minAccountAgeHours: number;
  /** RED_PACKET_REQUIRE_MOBILE=1: only accounts with a verified mobile grab. */
  requireMobile: boolean;
  /** RED_PACKET_GRABS_PER_IP, RED_PACKET_GRABS_PER_DEVICE: grabs of one packet from one address / one device (the `vid` cookie); 0: no limit. */
  grabsPerIp: number;
  grabsPerDevice: number;
  /** RED_PACKET_SWEEP_SECONDS: how often a node finishes expired and emptied packets. */
  sweepSeconds: number;
  /**
   * RED_PACKET_GRAB_LOCKING: `skip-locked` (the design: a grab claims the next share no open
   * transaction holds, the packet row only read) or `packet-row` (the naive design pnpm
   * bench:redpacket compares it with: every grab locks the packet row first, so grabs queue).
   */
  grabLocking: 'skip-locked' | 'packet-row';
}

export function loadRedPacketsConfig(read: ReadVar, problems: string[]): RedPacketsConfig {
  const config: RedPacketsConfig = {
    expirySeconds: parseInteger('RED_PACKET_EXPIRY_SECONDS', read('RED_PACKET_EXPIRY_SECONDS'), { fallback: 600, min: 1, max: 86_400 }, problems),
    expiryMinSeconds: parseInteger('RED_PACKET_EXPIRY_MIN_SECONDS', read('RED_PACKET_EXPIRY_MIN_SECONDS'), { fallback: 60, min: 1, max: 86_400 }, problems),
    expiryMaxSeconds: parseInteger('RED_PACKET_EXPIRY_MAX_SECONDS', read('RED_PACKET_EXPIRY_MAX_SECONDS'), { fallback: 86_400, min: 1, max: 86_400 }, problems),
    sharesMax: parseInteger('RED_PACKET_SHARES_MAX', read('RED_PACKET_SHARES_MAX'), { fallback: RED_PACKET_SHARES_MAX, min: 1, max: RED_PACKET_SHARES_MAX }, problems),
    coinsMax: parseInteger('RED_PACKET_COINS_MAX', read('RED_PACKET_COINS_MAX'), { fallback: 1_000_000, min: 1, max: RED_PACKET_COINS_MAX }, problems),
    minAccountAgeHours: parseInteger('RED_PACKET_MIN_ACCOUNT_AGE_HOURS', read('RED_PACKET_MIN_ACCOUNT_AGE_HOURS'), { fallback: 0, min: 0, max: 24 * 365 }, problems),
    requireMobile: parseInteger('RED_PACKET_REQUIRE_MOBILE', read('RED_PACKET_REQUIRE_MOBILE'), { fallback: 0, min: 0, max: 1 }, problems) === 1,
    grabsPerIp: parseInteger('RED_PACKET_GRABS_PER_IP', read('RED_PACKET_GRABS_PER_IP'), { fallback: 5, min: 0, max: 1_000_000 }, problems),
    grabsPerDevice: parseInteger('RED_PACKET_GRABS_PER_DEVICE', read('RED_PACKET_GRABS_PER_DEVICE'), { fallback: 1, min: 0, max: 1_000_000 }, problems),
    sweepSeconds: parseInteger('RED_PACKET_SWEEP_SECONDS', read('RED_PACKET_SWEEP_SECONDS'), { fallback: 2, min: 1, max: 600 }, problems),
    grabLocking: 'skip-locked',
  };
  const locking = read('RED_PACKET_GRAB_LOCKING')?.trim();
  if (locking === 'packet-row' || locking === 'skip-locked') config.grabLocking = locking;
  else if (locking !== undefined && locking !== '') problems.push(`RED_PACKET_GRAB_LOCKING must be skip-locked or packet-row, not ${locking}`);
  if (config.expiryMinSeconds > config.expirySeconds || config.expirySeconds > config.expiryMaxSeconds) {
    problems.push('RED_PACKET_EXPIRY_MIN_SECONDS <= RED_PACKET_EXPIRY_SECONDS <= RED_PACKET_EXPIRY_MAX_SECONDS must hold');
  }
  return config;
}

export function defaultRedPacketsConfig(): RedPacketsConfig {
  return loadRedPacketsConfig(() => undefined, []);
}

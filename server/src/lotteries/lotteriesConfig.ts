import { LOTTERY_PRIZE_COINS_MAX, LOTTERY_WINDOW_MAX_SECONDS, LOTTERY_WINNERS_MAX } from '@sports/shared/server';
import { type ReadVar, parseInteger } from '../infra/config/envVars';

/** Lotteries' settings (config LOTTERY_*; README.md). */
export interface LotteriesConfig {
  /** LOTTERY_WINDOW_MIN_SECONDS, LOTTERY_WINDOW_MAX_SECONDS: the entry window an anchor may set (60..1800; the e2e server lowers the minimum). */
  windowMinSeconds: number;
  windowMaxSeconds: number;
  /** LOTTERY_WINNERS_MAX: winners of one lottery (100). */
  winnersMax: number;
  /** LOTTERY_PRIZE_COINS_MAX: coins per winner (1,000,000). */
  prizeCoinsMax: number;
  /** LOTTERY_MIN_ACCOUNT_AGE_HOURS: accounts younger than this cannot enter (0: no limit; 24 excludes day-old accounts). */
  minAccountAgeHours: number;
  /** LOTTERY_REQUIRE_MOBILE=1: only accounts with a verified mobile enter. */
  requireMobile: boolean;
  /** LOTTERY_ENTRIES_PER_IP, LOTTERY_ENTRIES_PER_DEVICE: entries of one lottery from one address / one device (the `vid` cookie) through api/Lottery/enter; 0: no limit. */
  entriesPerIp: number;
  entriesPerDevice: number;
  /** LOTTERY_SWEEP_SECONDS: how often a node draws the lotteries whose window ended. */
  sweepSeconds: number;
}

export function loadLotteriesConfig(read: ReadVar, problems: string[]): LotteriesConfig {
  const config: LotteriesConfig = {
    windowMinSeconds: parseInteger('LOTTERY_WINDOW_MIN_SECONDS', read('LOTTERY_WINDOW_MIN_SECONDS'), { fallback: 60, min: 1, max: LOTTERY_WINDOW_MAX_SECONDS }, problems),
    windowMaxSeconds: parseInteger('LOTTERY_WINDOW_MAX_SECONDS', read('LOTTERY_WINDOW_MAX_SECONDS'), { fallback: 1800, min: 1, max: LOTTERY_WINDOW_MAX_SECONDS }, problems),
    winnersMax: parseInteger('LOTTERY_WINNERS_MAX', read('LOTTERY_WINNERS_MAX'), { fallback: LOTTERY_WINNERS_MAX, min: 1, max: LOTTERY_WINNERS_MAX }, problems),
    prizeCoinsMax: parseInteger('LOTTERY_PRIZE_COINS_MAX', read('LOTTERY_PRIZE_COINS_MAX'), { fallback: LOTTERY_PRIZE_COINS_MAX, min: 1, max: LOTTERY_PRIZE_COINS_MAX }, problems),
    minAccountAgeHours: parseInteger('LOTTERY_MIN_ACCOUNT_AGE_HOURS', read('LOTTERY_MIN_ACCOUNT_AGE_HOURS'), { fallback: 0, min: 0, max: 24 * 365 }, problems),
    requireMobile: parseInteger('LOTTERY_REQUIRE_MOBILE', read('LOTTERY_REQUIRE_MOBILE'), { fallback: 0, min: 0, max: 1 }, problems) === 1,
    entriesPerIp: parseInteger('LOTTERY_ENTRIES_PER_IP', read('LOTTERY_ENTRIES_PER_IP'), { fallback: 5, min: 0, max: 1_000_000 }, problems),
    entriesPerDevice: parseInteger('LOTTERY_ENTRIES_PER_DEVICE', read('LOTTERY_ENTRIES_PER_DEVICE'), { fallback: 1, min: 0, max: 1_000_000 }, problems),
    sweepSeconds: parseInteger('LOTTERY_SWEEP_SECONDS', read('LOTTERY_SWEEP_SECONDS'), { fallback: 2, min: 1, max: 600 }, problems),
  };
  if (config.windowMinSeconds > config.windowMaxSeconds) problems.push('LOTTERY_WINDOW_MIN_SECONDS <= LOTTERY_WINDOW_MAX_SECONDS must hold');
  return config;
}

export function defaultLotteriesConfig(): LotteriesConfig {
  return loadLotteriesConfig(() => undefined, []);
}

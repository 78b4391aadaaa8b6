import { type ReadVar, parseInteger } from '../infra/config/envVars';

/** How intimacy grows besides gifts and guards (config FAN_MEDAL_*; fanMedals/README.md). */
export interface FanMedalsConfig {
  /** How often members watching an open room earn +1 with its anchor (FAN_MEDAL_WATCH_TICK_SECONDS; 600: 10 minutes; tests make it short). */
  watchTickSeconds: number;
  /** Watch ticks that count per member and anchor per China day (FAN_MEDAL_WATCH_PER_DAY). */
  watchPerDay: number;
  /** Chat lines and danmaku in the anchor's room that count, +1 each, per member and anchor per China day (FAN_MEDAL_CHAT_PER_DAY). */
  chatPerDay: number;
  /** 1: the worn medal shows on chat lines; 0: badges off (bench:chat's comparison run). */
  chatBadges: boolean;
}

export function loadFanMedalsConfig(read: ReadVar, problems: string[]): FanMedalsConfig {
  return {
    watchTickSeconds: parseInteger('FAN_MEDAL_WATCH_TICK_SECONDS', read('FAN_MEDAL_WATCH_TICK_SECONDS'), { fallback: 600, min: 1, max: 3_600 }, problems),
    watchPerDay: parseInteger('FAN_MEDAL_WATCH_PER_DAY', read('FAN_MEDAL_WATCH_PER_DAY'), { fallback: 6, min: 0, max: 144 }, problems),
    chatPerDay: parseInteger('FAN_MEDAL_CHAT_PER_DAY', read('FAN_MEDAL_CHAT_PER_DAY'), { fallback: 10, min: 0, max: 1_000 }, problems),
    chatBadges: parseInteger('FAN_MEDAL_CHAT_BADGES', read('FAN_MEDAL_CHAT_BADGES'), { fallback: 1, min: 0, max: 1 }, problems) === 1,
  };
}

export function defaultFanMedalsConfig(): FanMedalsConfig {
  return loadFanMedalsConfig(() => undefined, []);
}

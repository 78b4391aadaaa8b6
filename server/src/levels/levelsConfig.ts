import { type ReadVar, parseInteger } from '../infra/config/envVars';

/** How members earn exp (config LEVEL_*): per minute watched and per chat message, each capped per day. */
export interface LevelsConfig {
  /** How often the minutes watched are counted (LEVEL_WATCH_TICK_SECONDS; 60: a minute; tests make it short). */
  watchTickSeconds: number;
  watchExpPerMinute: number;
  watchMinutesPerDay: number;
  chatExpPerMessage: number;
  chatMessagesPerDay: number;
}

export function loadLevelsConfig(read: ReadVar, problems: string[]): LevelsConfig {
  return {
    watchTickSeconds: parseInteger('LEVEL_WATCH_TICK_SECONDS', read('LEVEL_WATCH_TICK_SECONDS'), { fallback: 60, min: 1, max: 600 }, problems),
    watchExpPerMinute: parseInteger('LEVEL_WATCH_EXP_PER_MINUTE', read('LEVEL_WATCH_EXP_PER_MINUTE'), { fallback: 1, min: 0, max: 100 }, problems),
    watchMinutesPerDay: parseInteger('LEVEL_WATCH_MINUTES_PER_DAY', read('LEVEL_WATCH_MINUTES_PER_DAY'), { fallback: 120, min: 0, max: 1_440 }, problems),
    chatExpPerMessage: parseInteger('LEVEL_CHAT_EXP_PER_MESSAGE', read('LEVEL_CHAT_EXP_PER_MESSAGE'), { fallback: 2, min: 0, max: 100 }, problems),
    chatMessagesPerDay: parseInteger('LEVEL_CHAT_MESSAGES_PER_DAY', read('LEVEL_CHAT_MESSAGES_PER_DAY'), { fallback: 30, min: 0, max: 10_000 }, problems),
  };
}

export function defaultLevelsConfig(): LevelsConfig {
  return loadLevelsConfig(() => undefined, []);
}

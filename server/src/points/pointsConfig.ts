import { type ReadVar, parseInteger } from '../infra/config/envVars';

/**
 * How members earn points (config POINTS_*; README.md): the check-in's table is fixed (checkIn.ts),
 * watching and chatting are configured here, each capped per China day.
 */
export interface PointsConfig {
  /** POINTS_WATCH_INTERVAL_SECONDS: seconds of watching per watch award (600: 10 minutes; the e2e server makes it short). */
  watchIntervalSeconds: number;
  /** POINTS_WATCH_POINTS: points per watch award. */
  watchPoints: number;
  /** POINTS_WATCH_AWARDS_PER_DAY: watch awards a member can earn per China day. */
  watchAwardsPerDay: number;
  /** POINTS_WATCH_TICK_SECONDS: how often the server looks at who is watching (at most the interval). */
  watchTickSeconds: number;
  /** POINTS_CHAT_POINTS: points per chat message. */
  chatPoints: number;
  /** POINTS_CHAT_MESSAGES_PER_DAY: chat messages paid per China day. */
  chatMessagesPerDay: number;
}

export function loadPointsConfig(read: ReadVar, problems: string[]): PointsConfig {
  const config: PointsConfig = {
    watchIntervalSeconds: parseInteger('POINTS_WATCH_INTERVAL_SECONDS', read('POINTS_WATCH_INTERVAL_SECONDS'), { fallback: 600, min: 2, max: 86_400 }, problems),
    watchPoints: parseInteger('POINTS_WATCH_POINTS', read('POINTS_WATCH_POINTS'), { fallback: 10, min: 0, max: 10_000 }, problems),
    watchAwardsPerDay: parseInteger('POINTS_WATCH_AWARDS_PER_DAY', read('POINTS_WATCH_AWARDS_PER_DAY'), { fallback: 6, min: 0, max: 1_000 }, problems),
    watchTickSeconds: parseInteger('POINTS_WATCH_TICK_SECONDS', read('POINTS_WATCH_TICK_SECONDS'), { fallback: 60, min: 1, max: 600 }, problems),
    chatPoints: parseInteger('POINTS_CHAT_POINTS', read('POINTS_CHAT_POINTS'), { fallback: 1, min: 0, max: 10_000 }, problems),
    chatMessagesPerDay: parseInteger('POINTS_CHAT_MESSAGES_PER_DAY', read('POINTS_CHAT_MESSAGES_PER_DAY'), { fallback: 20, min: 0, max: 10_000 }, problems),
  };
  if (config.watchTickSeconds > config.watchIntervalSeconds) {
    problems.push(`POINTS_WATCH_TICK_SECONDS (${config.watchTickSeconds}) must be at most POINTS_WATCH_INTERVAL_SECONDS (${config.watchIntervalSeconds})`);
  }
  return config;
}

export function defaultPointsConfig(): PointsConfig {
  return loadPointsConfig(() => undefined, []);
}

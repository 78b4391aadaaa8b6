import { type ReadVar, parseInteger } from '../infra/config/envVars';

/** Predictions' settings (config PREDICTION_*; README.md). */
export interface PredictionsConfig {
  /**
   * PREDICTION_WATCH_SECONDS: the watcher's safety poll of the feed's results (ms here; 0: never,
   * tests tick by hand). Settling itself is driven by the feed's full-time event
   * (`app.matchResults`); the poll catches what an event could not (a restart between the feed's
   * commit and the event), locks, and abandons.
   */
  watchTickMs: number;
  /** PREDICTION_ABANDON_AFTER_HOURS: a bound match not finished this long after kick-off is abandoned: its predictions are refunded. */
  abandonAfterHours: number;
  /** PREDICTION_TALLY_INTERVAL_MS: tallies pushed to a room at most once per this many ms (500: twice a second). */
  tallyIntervalMs: number;
}

export function loadPredictionsConfig(read: ReadVar, problems: string[]): PredictionsConfig {
  return {
    watchTickMs: parseInteger('PREDICTION_WATCH_SECONDS', read('PREDICTION_WATCH_SECONDS'), { fallback: 30, min: 1, max: 3_600 }, problems) * 1_000,
    abandonAfterHours: parseInteger('PREDICTION_ABANDON_AFTER_HOURS', read('PREDICTION_ABANDON_AFTER_HOURS'), { fallback: 12, min: 3, max: 168 }, problems),
    // At most twice a second (the bound); slower for a busy cluster.
    tallyIntervalMs: parseInteger('PREDICTION_TALLY_INTERVAL_MS', read('PREDICTION_TALLY_INTERVAL_MS'), { fallback: 500, min: 500, max: 60_000 }, problems),
  };
}

export function defaultPredictionsConfig(): PredictionsConfig {
  return loadPredictionsConfig(() => undefined, []);
}

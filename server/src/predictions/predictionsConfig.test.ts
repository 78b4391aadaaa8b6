import { describe, expect, it } from 'vitest';
import { defaultPredictionsConfig, loadPredictionsConfig } from './predictionsConfig';

describe('predictions config (PREDICTION_*)', () => {
  it('defaults: a 30 s safety poll, refunds 12 h after kick-off, tallies twice a second', () => {
    expect(defaultPredictionsConfig()).toEqual({ watchTickMs: 30_000, abandonAfterHours: 12, tallyIntervalMs: 500 });
  });

  it('reads every variable, and lists each bad one (tallies never more than twice a second)', () => {
    const env: Record<string, string> = { PREDICTION_WATCH_SECONDS: '5', PREDICTION_ABANDON_AFTER_HOURS: '6', PREDICTION_TALLY_INTERVAL_MS: '1000' };
    expect(loadPredictionsConfig((name) => env[name], [])).toEqual({ watchTickMs: 5_000, abandonAfterHours: 6, tallyIntervalMs: 1_000 });
    const problems: string[] = [];
    const bad: Record<string, string> = { PREDICTION_WATCH_SECONDS: '0', PREDICTION_ABANDON_AFTER_HOURS: 'soon', PREDICTION_TALLY_INTERVAL_MS: '100' };
    loadPredictionsConfig((name) => bad[name], problems);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PREDICTION_TALLY_INTERVAL_MS/);
  });
});

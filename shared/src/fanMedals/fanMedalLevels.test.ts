import { describe, expect, it } from 'vitest';
import { FAN_MEDAL_INACTIVE_MS, FAN_MEDAL_MAX_LEVEL, FAN_MEDAL_THRESHOLDS, fanMedalColor, fanMedalLevelOf, fanMedalLit, fanMedalNameLength, fanMedalNextLevelAt } from './fanMedalLevels';

describe('fan medal levels', () => {
  it('levels 1-20 by the documented thresholds', () => {
    expect(FAN_MEDAL_MAX_LEVEL).toBe(20);
    expect(fanMedalLevelOf(0)).toBe(1);
    expect(fanMedalLevelOf(9)).toBe(1);
    expect(fanMedalLevelOf(10)).toBe(2);
    expect(fanMedalLevelOf(29)).toBe(2);
    expect(fanMedalLevelOf(30)).toBe(3);
    expect(fanMedalLevelOf(30_000)).toBe(20);
    expect(fanMedalLevelOf(10 ** 12)).toBe(20);
    expect(fanMedalLevelOf(-5)).toBe(1);
    expect(fanMedalLevelOf(Number.NaN)).toBe(1);
    FAN_MEDAL_THRESHOLDS.forEach((at, index) => expect(fanMedalLevelOf(at)).toBe(index + 1));
    expect(fanMedalNextLevelAt(0)).toBe(10);
    expect(fanMedalNextLevelAt(30_000)).toBeNull();
  });

  it('greys after 7 days without interaction', () => {
    const now = Date.UTC(2026, 11, 6);
    expect(fanMedalLit(now - FAN_MEDAL_INACTIVE_MS + 1, now)).toBe(true);
    expect(fanMedalLit(now - FAN_MEDAL_INACTIVE_MS, now)).toBe(false);
  });

  it('colour bands and name length in characters', () => {
    expect(fanMedalColor(1)).toBe(fanMedalColor(4));
    expect(fanMedalColor(4)).not.toBe(fanMedalColor(5));
    expect(fanMedalColor(20)).toBe(fanMedalColor(17));
    expect(fanMedalNameLength('铁粉团')).toBe(3);
    expect(fanMedalNameLength('😀😀')).toBe(2);
  });
});

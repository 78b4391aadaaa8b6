import { describe, expect, it } from 'vitest';
import { LEVEL_THRESHOLDS, MAX_LEVEL, levelOf, levelProgress } from './levels';

describe('levels', () => {
  it('starts at LV1 and moves up exactly at each threshold', () => {
    expect(levelOf(0)).toBe(1);
    expect(levelOf(99)).toBe(1);
    expect(levelOf(100)).toBe(2);
    expect(levelOf(299)).toBe(2);
    expect(levelOf(300)).toBe(3);
    for (const [index, threshold] of LEVEL_THRESHOLDS.entries()) {
      expect(levelOf(threshold)).toBe(index + 1);
      if (threshold > 0) expect(levelOf(threshold - 1)).toBe(index);
    }
  });

  it('stops at the top level and treats nonsense as 0 exp', () => {
    expect(levelOf(10_000_000)).toBe(MAX_LEVEL);
    expect(levelOf(-5)).toBe(1);
    expect(levelOf(Number.NaN)).toBe(1);
  });

  it('tells the progress to the next level', () => {
    expect(levelProgress(150)).toEqual({ level: 2, exp: 150, levelStart: 100, nextLevelAt: 300, fraction: 0.25 });
    expect(levelProgress(10_000_000)).toMatchObject({ level: MAX_LEVEL, nextLevelAt: null, fraction: 1 });
  });

  it('has thresholds that only rise', () => {
    for (let index = 1; index < LEVEL_THRESHOLDS.length; index += 1) expect(LEVEL_THRESHOLDS[index]).toBeGreaterThan(LEVEL_THRESHOLDS[index - 1] ?? 0);
  });
});

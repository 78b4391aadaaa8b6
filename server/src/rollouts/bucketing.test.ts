import { describe, expect, it } from 'vitest';
import { isInCanary, visitorBucket } from './bucketing';

const visitors = Array.from({ length: 1000 }, (_, index) => `guest-${index}-${index * 7919}`);

describe('canary bucketing', () => {
  it('is sticky: the same visitor always lands in the same bucket', () => {
    for (const visitor of visitors.slice(0, 50)) {
      expect(visitorBucket('mf_live', visitor)).toBe(visitorBucket('mf_live', visitor));
    }
  });

  it('puts 10 % ± 3 % of 1,000 synthetic visitors on a 10 % canary', () => {
    const onCandidate = visitors.filter((visitor) => isInCanary(visitorBucket('mf_live', visitor), 10)).length;
    expect(onCandidate).toBeGreaterThanOrEqual(70);
    expect(onCandidate).toBeLessThanOrEqual(130);
  });

  it('raising the percentage never moves a visitor off the candidate', () => {
    let previous = new Set<string>();
    for (const percent of [0, 1, 5, 10, 25, 50, 75, 99, 100]) {
      const current = new Set(visitors.filter((visitor) => isInCanary(visitorBucket('mf_scores', visitor), percent)));
      for (const visitor of previous) expect(current.has(visitor)).toBe(true);
      previous = current;
    }
    expect(previous.size).toBe(visitors.length);
  });

  it('0 % reaches nobody and 100 % everybody', () => {
    expect(visitors.some((visitor) => isInCanary(visitorBucket('mf_live', visitor), 0))).toBe(false);
    expect(visitors.every((visitor) => isInCanary(visitorBucket('mf_live', visitor), 100))).toBe(true);
  });

  it('different remotes pick different visitors', () => {
    const live = visitors.filter((visitor) => isInCanary(visitorBucket('mf_live', visitor), 10));
    const scores = new Set(visitors.filter((visitor) => isInCanary(visitorBucket('mf_scores', visitor), 10)));
    expect(live.filter((visitor) => scores.has(visitor)).length).toBeLessThan(live.length / 2);
  });
});

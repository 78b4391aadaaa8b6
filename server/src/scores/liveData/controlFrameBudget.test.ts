import { describe, expect, it } from 'vitest';
import { ControlFrameBudget } from './controlFrameBudget';

describe('ControlFrameBudget', () => {
  it('allows a burst, then refills at the rate and never beyond the burst', () => {
    let now = 0;
    const budget = new ControlFrameBudget({ burst: 3, perMinute: 60 }, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now += 500;
    expect(budget.take()).toBe(false);
    now += 500;
    expect([budget.take(), budget.take()]).toEqual([true, false]);
    now += 60_000;
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  });
});

import { describe, expect, it } from 'vitest';
import { legendValues } from './chartLegend';

const DAYS = [
  { day: '2026-11-21', hours: 2, peakViewers: 30 },
  { day: '2026-11-22', hours: 0.5, peakViewers: 8 },
];

describe('legendValues', () => {
  it('shows the day under the cursor, and the latest day when the cursor is off the chart (never --)', () => {
    const legend = legendValues(DAYS);
    expect([legend.day(null, null, 0, 0), legend.hours(null, 2, 1, 0), legend.peak(null, 30, 2, 0)]).toEqual(['2026-11-21', '2', '30']);
    expect([legend.day(null, null, 0, null), legend.hours(null, null, 1, null), legend.peak(null, null, 2, null)]).toEqual(['2026-11-22', '0.5', '8']);
  });

  it('with no days, empty and zero values', () => {
    const legend = legendValues([]);
    expect([legend.day(null, null, 0, null), legend.hours(null, null, 1, null), legend.peak(null, null, 2, null)]).toEqual(['', '0', '0']);
  });
});

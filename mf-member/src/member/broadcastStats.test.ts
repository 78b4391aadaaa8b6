import { describe, expect, it } from 'vitest';
import type { BroadcastRecord } from '@sports/shared';
import { chartWindowStart, dailyStats, RECORDS_CHART_DAYS } from './broadcastStats';

const now = new Date('2026-11-22T12:00:00+08:00');

function record(overrides: Partial<BroadcastRecord>): BroadcastRecord {
  return { id: 1, room_id: 5, title: '', started_at: '2026-11-22T10:00:00+08:00', ended_at: '2026-11-22T11:00:00+08:00', duration_seconds: 3600, peak_viewers: 10, ...overrides };
}

describe('dailyStats', () => {
  it('30 days, oldest first, China days, hours summed and the highest peak', () => {
    const days = dailyStats(
      [
        record({ id: 1, duration_seconds: 5400, peak_viewers: 30 }),
        record({ id: 2, started_at: '2026-11-22T01:00:00+08:00', duration_seconds: 1800, peak_viewers: 80 }),
        // 23:30 UTC on the 20th is the 21st in China.
        record({ id: 3, started_at: '2026-11-20T23:30:00Z', duration_seconds: 3600, peak_viewers: 5 }),
        // On air now: counted until now (2 h).
        record({ id: 4, started_at: '2026-11-22T10:00:00+08:00', ended_at: null, duration_seconds: null, peak_viewers: 12 }),
        // Before the window.
        record({ id: 5, started_at: '2026-10-01T10:00:00+08:00', peak_viewers: 999 }),
      ],
      now,
    );
    expect(days).toHaveLength(RECORDS_CHART_DAYS);
    expect(days[0]?.day).toBe('2026-10-24');
    expect(days.at(-1)).toEqual({ day: '2026-11-22', hours: 4, peakViewers: 80 });
    expect(days.at(-2)).toEqual({ day: '2026-11-21', hours: 1, peakViewers: 5 });
    expect(days.filter((day) => day.hours > 0)).toHaveLength(2);
  });

  it('the window starts at midnight China time 29 days back', () => {
    expect(chartWindowStart(now).toISOString()).toBe('2026-10-23T16:00:00.000Z');
  });
});

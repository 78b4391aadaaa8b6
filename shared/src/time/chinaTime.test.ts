import { describe, expect, it } from 'vitest';
import { chinaClockText, chinaDateKey, chinaDateKeyOffset, chinaDateTimeText, chinaMonthDayText, chinaMonthDayTimeText, chinaTimeParts } from './chinaTime';

const zhCN = (at: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', ...options }).format(at);

describe('China time', () => {
  it('gives the texts zh-CN gives in Asia/Shanghai, across midnight, month, year and leap day', () => {
    const instants = ['2026-11-21T16:05:00Z', '2026-11-22T11:30:59Z', '2026-12-31T15:59:00Z', '2026-12-31T16:00:00Z', '2028-02-28T16:00:00Z', '1995-06-01T00:00:00Z'];
    for (const iso of instants) {
      const at = new Date(iso);
      expect(chinaDateTimeText(iso)).toBe(zhCN(at, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
      expect(chinaMonthDayTimeText(at)).toBe(zhCN(at, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
      expect(chinaMonthDayText(at.getTime())).toBe(zhCN(at, { month: '2-digit', day: '2-digit' }));
      expect(chinaClockText(iso)).toBe(zhCN(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
      expect(chinaDateKey(at)).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at));
    }
  });

  it('a UTC evening is the next morning in China', () => {
    expect(chinaTimeParts('2026-11-21T16:05:00Z')).toEqual({ year: 2026, month: 11, day: 22, hour: 0, minute: 5, weekday: 0 });
    expect(chinaDateKeyOffset(new Date('2026-12-31T15:00:00Z'), 1)).toBe('2027-01-01');
  });

  it('an unreadable time is shown as it came, never as NaN', () => {
    expect(chinaTimeParts('soon')).toBeNull();
    expect(chinaDateTimeText('soon')).toBe('soon');
  });
});

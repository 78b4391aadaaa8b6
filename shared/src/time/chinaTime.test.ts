import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chinaClockText,
  chinaDateKey,
  chinaDateKeyOffset,
  chinaDateTimeText,
  chinaDayStart,
  chinaInputValue,
  chinaMinuteText,
  chinaMonthDayText,
  chinaMonthDayTimeText,
  chinaRelativeText,
  chinaSecondsText,
  chinaTimeParts,
  fromChinaInputValue,
} from './chinaTime';

const zhCN = (at: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', ...options }).format(at);
const OTHER_ZONES = ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London'];

/** Every text of the module for a few instants: what must not change with the process's zone. */
function everyText(): unknown[] {
  const now = Date.parse('2026-11-22T23:30:00Z'); // 07:30 on 11-23 in China; 18:30 on 11-22 in New York
  return ['2026-11-22T23:13:00Z', '2026-11-22T15:59:00Z', '2026-11-21T16:05:00Z', '2026-03-08T06:30:00Z', '2025-12-31T16:00:00Z'].flatMap((iso) => [
    chinaTimeParts(iso),
    chinaDateKey(iso),
    chinaClockText(iso),
    chinaMinuteText(iso),
    chinaSecondsText(iso),
    chinaDateTimeText(iso),
    chinaMonthDayTimeText(iso),
    chinaRelativeText(iso, now),
    chinaInputValue(iso),
    fromChinaInputValue(chinaInputValue(iso)),
    chinaDateKeyOffset(new Date(iso), 1),
    chinaDayStart(chinaDateKey(iso))?.toISOString(),
  ]);
}

describe('China time', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('gives the texts zh-CN gives in Asia/Shanghai, across midnight, month, year and leap day', () => {
    const instants = ['2026-11-21T16:05:00Z', '2026-11-22T11:30:59Z', '2026-12-31T15:59:00Z', '2026-12-31T16:00:00Z', '2028-02-28T16:00:00Z', '1995-06-01T00:00:00Z'];
    for (const iso of instants) {
      const at = new Date(iso);
      expect(chinaDateTimeText(iso)).toBe(zhCN(at, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
      expect(chinaMonthDayTimeText(at)).toBe(zhCN(at, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
      expect(chinaMonthDayText(at.getTime())).toBe(zhCN(at, { month: '2-digit', day: '2-digit' }));
      expect(chinaClockText(iso)).toBe(zhCN(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
      expect(chinaDateKey(at)).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at));
      const sv = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(at);
      expect(chinaSecondsText(iso)).toBe(sv);
      expect(chinaMinuteText(iso)).toBe(sv.slice(0, 16));
    }
  });

  it('a UTC evening is the next morning in China', () => {
    expect(chinaTimeParts('2026-11-21T16:05:00Z')).toEqual({ year: 2026, month: 11, day: 22, hour: 0, minute: 5, second: 0, weekday: 0 });
    expect(chinaDateKeyOffset(new Date('2026-12-31T15:00:00Z'), 1)).toBe('2027-01-01');
    // The comment: posted at 07:13 China time reads 07:13 (not 23:13 UTC or 18:13/19:13 New York).
    expect(chinaClockText('2026-11-22T23:13:00Z')).toBe('07:13');
    expect(chinaMinuteText('2026-11-22T23:13:00Z')).toBe('2026-11-23 07:13');
  });

  it('the same texts whatever the process time zone (the browser\'s or the server\'s)', () => {
    vi.stubEnv('TZ', 'Asia/Shanghai');
    const inChina = everyText();
    for (const zone of OTHER_ZONES) {
      vi.stubEnv('TZ', zone);
      // The zone really changed: the Date's own local getters move with it.
      if (zone === 'America/New_York') expect(new Date('2026-11-22T23:13:00Z').getHours()).toBe(18);
      expect(everyText(), zone).toEqual(inChina);
    }
  });

  it('relative times: 刚刚, N分钟前, N小时前 on the China day, 昨天 HH:mm, MM-DD HH:mm this year, YYYY-MM-DD before', () => {
    const now = '2026-11-23T02:30:00Z'; // 10:30 on 2026-11-23 in China
    expect(chinaRelativeText('2026-11-23T02:29:30Z', now)).toBe('刚刚');
    expect(chinaRelativeText('2026-11-23T02:30:40Z', now)).toBe('刚刚'); // the page's clock 40 s slow
    expect(chinaRelativeText('2026-11-23T02:29:00Z', now)).toBe('1分钟前');
    expect(chinaRelativeText('2026-11-23T01:30:01Z', now)).toBe('59分钟前');
    expect(chinaRelativeText('2026-11-23T01:30:00Z', now)).toBe('1小时前');
    expect(chinaRelativeText('2026-11-22T16:00:00Z', now)).toBe('10小时前'); // 00:00 China, the same China day
    expect(chinaRelativeText('2026-11-22T15:59:00Z', now)).toBe('昨天 23:59'); // UTC's same day, China's yesterday
    expect(chinaRelativeText('2026-11-21T16:00:00Z', now)).toBe('昨天 00:00');
    expect(chinaRelativeText('2026-11-21T15:59:00Z', now)).toBe('11-21 23:59');
    expect(chinaRelativeText('2025-12-31T16:00:00Z', now)).toBe('01-01 00:00'); // this China year from its first minute
    expect(chinaRelativeText('2025-12-31T15:59:00Z', now)).toBe('2025-12-31');
    expect(chinaRelativeText('2026-11-23T04:00:00Z', now)).toBe('11-23 12:00'); // ahead of the page's clock: exact
    expect(chinaRelativeText('2027-01-02T04:00:00Z', now)).toBe('2027-01-02 12:00');
    // Under an hour wins across China's midnight: 23:50 seen at 00:10.
    expect(chinaRelativeText('2026-11-22T15:50:00Z', '2026-11-22T16:10:00Z')).toBe('20分钟前');
    // "Yesterday" is China's: at 07:30 China (23:30 UTC the day before), 23:13 UTC is 07:13 today.
    expect(chinaRelativeText('2026-11-22T23:13:00Z', '2026-11-22T23:30:00Z')).toBe('17分钟前');
    expect(chinaRelativeText('2026-11-22T16:13:00Z', '2026-11-22T23:30:00Z')).toBe('7小时前');
    expect(chinaRelativeText('2026-11-22T15:13:00Z', '2026-11-22T23:30:00Z')).toBe('昨天 23:13'); // UTC's today, 8 h ago
    expect(chinaRelativeText('2026-11-22T13:55:00Z', '2026-11-22T23:30:00Z')).toBe('昨天 21:55');
  });

  it('datetime-local values are China time, both ways', () => {
    expect(chinaInputValue('2030-06-10T12:05:00Z')).toBe('2030-06-10T20:05');
    expect(fromChinaInputValue('2030-06-10T20:05')).toBe('2030-06-10T12:05:00.000Z');
    expect(fromChinaInputValue('2030-06-11T00:30:15')).toBe('2030-06-10T16:30:15.000Z');
    expect(fromChinaInputValue('')).toBeNull();
    expect(fromChinaInputValue('tomorrow')).toBeNull();
    expect(fromChinaInputValue('2030-02-30T10:00')).toBeNull();
    expect(fromChinaInputValue('2030-06-10T24:00')).toBeNull();
    expect(chinaInputValue('not a time')).toBe('');
    expect(chinaDayStart('2026-11-23')?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(chinaDayStart('2026-13-01')).toBeNull();
  });

  it('an unreadable time is shown as it came, never as NaN', () => {
    expect(chinaTimeParts('soon')).toBeNull();
    expect(chinaDateTimeText('soon')).toBe('soon');
    expect(chinaRelativeText('soon')).toBe('soon');
    expect(chinaMinuteText('soon')).toBe('soon');
  });
});

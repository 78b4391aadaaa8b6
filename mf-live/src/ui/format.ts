import { type RoomMatch, chinaClockText, chinaDateKey, chinaDateKeyOffset, chinaMonthDayTimeText } from '@sports/shared';

/** China time, as the site shows every time: 11/22 19:30 (@sports/shared's chinaTime). */
export function formatTime(iso: string): string {
  return chinaMonthDayTimeText(iso);
}

export function matchTitle(match: RoomMatch): string {
  return `${match.competition_short_zh} ${match.home_team_name_zh} vs ${match.away_team_name_zh}`;
}

/** When something ends, in China time: `HH:mm` today, else with the day (`formatTime`). */
export function formatEnd(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return chinaDateKey(date) === chinaDateKey(now) ? chinaClockText(date) : formatTime(iso);
}

/** 'YYYY-MM-DD' of an instant in China time (what `all_match` takes as `date`). */
export function chinaDate(at: Date): string {
  return chinaDateKey(at);
}

/** The China-time days from today on: `count` of them ('YYYY-MM-DD'). */
export function chinaDaysFrom(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => chinaDateKeyOffset(now, offset));
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** '11-24 周二' for a 'YYYY-MM-DD' day (its weekday is the same everywhere: computed at UTC noon). */
export function dayLabel(day: string): string {
  const [, month, date] = day.split('-');
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return `${month}-${date} ${WEEKDAYS[weekday] ?? ''}`;
}

/** 'HH:mm' of an instant in China time. */
export function chinaClock(iso: string): string {
  return chinaClockText(iso);
}

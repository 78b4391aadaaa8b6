import type { RoomMatch } from '@sports/shared';

/** China time, as the site shows every time: 11-22 19:30. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
}

export function matchTitle(match: RoomMatch): string {
  return `${match.competition_short_zh} ${match.home_team_name_zh} vs ${match.away_team_name_zh}`;
}

const CHINA_DAY = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
const CHINA_CLOCK = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** When something ends, in China time: `HH:mm` today, else with the day (`formatTime`). */
export function formatEnd(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return CHINA_DAY.format(date) === CHINA_DAY.format(now) ? CHINA_CLOCK.format(date) : formatTime(iso);
}

const CHINA_DATE_KEY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of an instant in China time (what `all_match` takes as `date`). */
export function chinaDate(at: Date): string {
  return CHINA_DATE_KEY.format(at);
}

/** The China-time days from today on: `count` of them ('YYYY-MM-DD'). */
export function chinaDaysFrom(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => chinaDate(new Date(now.getTime() + offset * DAY_MS)));
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
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : CHINA_CLOCK.format(date);
}

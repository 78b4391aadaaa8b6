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

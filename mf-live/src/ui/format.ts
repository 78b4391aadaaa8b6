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

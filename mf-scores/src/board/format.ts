import type { MatchRow } from '@sports/shared';

const CHINA_TIME = 'Asia/Shanghai';

const timeFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: CHINA_TIME, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dateFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: CHINA_TIME, month: '2-digit', day: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: CHINA_TIME, year: 'numeric', month: '2-digit', day: '2-digit' });

/** '19:30' in China time (the site's time zone, as the server's dates). */
export function chinaClock(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** '05/17' in China time. */
export function chinaMonthDay(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** 'YYYY-MM-DD' of an instant in China time: what `all_match` takes as `date`. */
export function chinaDay(at: Date): string {
  return dayFormat.format(at);
}

/** The China-time day `offset` days from `at`. */
export function chinaDayOffset(at: Date, offset: number): string {
  return chinaDay(new Date(at.getTime() + offset * 86_400_000));
}

export function scoreText(row: Pick<MatchRow, 'status' | 'home_score' | 'away_score'>): string {
  return row.status === 'scheduled' ? '-' : `${row.home_score}-${row.away_score}`;
}

export function halfTimeText(row: MatchRow): string {
  return row.home_half_score === null || row.away_half_score === null ? '' : `${row.home_half_score}-${row.away_half_score}`;
}

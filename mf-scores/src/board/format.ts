import { type MatchRow, chinaClockText, chinaDateKey, chinaDateKeyOffset, chinaMonthDayText } from '@sports/shared';

/** '19:30' in China time (the site's time zone, as the server's dates; @sports/shared's chinaTime). */
export function chinaClock(iso: string): string {
  return chinaClockText(iso);
}

/** '05/17' in China time. */
export function chinaMonthDay(iso: string): string {
  return chinaMonthDayText(iso);
}

/** 'YYYY-MM-DD' of an instant in China time: what `all_match` takes as `date`. */
export function chinaDay(at: Date): string {
  return chinaDateKey(at);
}

/** The China-time day `offset` days from `at`. */
export function chinaDayOffset(at: Date, offset: number): string {
  return chinaDateKeyOffset(at, offset);
}

export function scoreText(row: Pick<MatchRow, 'status' | 'home_score' | 'away_score'>): string {
  return row.status === 'scheduled' ? '-' : `${row.home_score}-${row.away_score}`;
}

export function halfTimeText(row: MatchRow): string {
  return row.home_half_score === null || row.away_half_score === null ? '' : `${row.home_half_score}-${row.away_half_score}`;
}

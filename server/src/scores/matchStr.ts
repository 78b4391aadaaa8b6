import type { MatchStatus, ScoreSport } from '@sports/shared/server';

export interface MatchClock {
  sport: ScoreSport;
  status: MatchStatus;
  period: number | null;
  minute: number | null;
  extra_minute: number | null;
  clock_seconds: number | null;
}

/**
 * The time a scores row shows: "67'", "45+2'", "中场", "完场", "未开赛"; basketball
 * "第3节 05:12", "加时1 02:00", "第1节结束"; esports "第2局 15'", "第2局结束"; snooker (no clock) "第2局".
 * Goal popups use the football form as `match_str`.
 */
export function formatMatchStr(clock: MatchClock): string {
  switch (clock.status) {
    case 'scheduled':
      return '未开赛';
    case 'halftime':
      return '中场';
    case 'finished':
      return '完场';
    case 'live':
      if (clock.sport === 'football') return footballMinute(clock.minute, clock.extra_minute);
      if (clock.sport === 'basketball') return basketballClock(clock.period, clock.clock_seconds);
      if (clock.sport === 'general') return clock.period === null ? '' : `第${clock.period}局`;
      return seriesClock(clock.period, clock.minute);
  }
}

/** Esports series: "第2局 15'" during a game, "第2局结束" between games. */
function seriesClock(game: number | null, minute: number | null): string {
  if (game === null) return '';
  return minute === null ? `第${game}局结束` : `第${game}局 ${minute}'`;
}

export function footballMinute(minute: number | null, extra: number | null): string {
  if (minute === null) return '';
  return extra !== null && extra > 0 ? `${minute}+${extra}'` : `${minute}'`;
}

export function periodName(period: number): string {
  return period <= 4 ? `第${period}节` : `加时${period - 4}`;
}

export function basketballClock(period: number | null, seconds: number | null): string {
  if (period === null) return '';
  if (seconds === null || seconds <= 0) return `${periodName(period)}结束`;
  const minutes = Math.floor(seconds / 60);
  return `${periodName(period)} ${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

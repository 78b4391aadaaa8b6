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
 * "第3节 05:12", "加时1 02:00", "第1节结束". Goal popups use the football form as `match_str`.
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
      return clock.sport === 'football' ? footballMinute(clock.minute, clock.extra_minute) : basketballClock(clock.period, clock.clock_seconds);
  }
}

export function footballMinute(minute: number | null, extra: number | null): string {
  if (minute === null) return '';
  return extra !== null && extra > 0 ? `${minute}+${extra}'` : `${minute}'`;
}

export function periodName(period: number): string {
  return period <= 4 ? `第${period}节` : `加时${period - 4}`;
}

function basketballClock(period: number | null, seconds: number | null): string {
  if (period === null) return '';
  if (seconds === null || seconds <= 0) return `${periodName(period)}结束`;
  const minutes = Math.floor(seconds / 60);
  return `${periodName(period)} ${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

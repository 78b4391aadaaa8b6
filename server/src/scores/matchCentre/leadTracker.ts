import { LEAD_RUN_MAX_CONCEDED, LEAD_RUN_MIN_POINTS, type LeadPoint, type MatchCentreSide, type ScoringRun } from '@sports/shared/server';
import type { CentreAction } from './centreAction';

export interface LeadSummary {
  points: LeadPoint[];
  largest_lead: { home: number; away: number };
  lead_changes: number;
  ties: number;
  runs: ScoringRun[];
}

/** Game seconds from the tip-off to the start of `period` (4 periods of `periodMinutes`, then 5-minute overtimes). */
export function periodStartSeconds(period: number, periodMinutes: number): number {
  const regular = Math.min(period - 1, 4) * periodMinutes * 60;
  return regular + Math.max(0, period - 5) * 5 * 60;
}

export function periodLengthSeconds(period: number, periodMinutes: number): number {
  return (period <= 4 ? periodMinutes : 5) * 60;
}

/**
 * The lead tracker from the scoring plays (made field goals and free throws, oldest first):
 * the score after each, the largest lead of each side, lead changes (the leader switches),
 * ties (level again after 0-0), and the runs: LEAD_RUN_MIN_POINTS or more by one side while the
 * other scores at most LEAD_RUN_MAX_CONCEDED.
 */
export function leadTracker(actions: readonly CentreAction[], periodMinutes: number): LeadSummary {
  const points: LeadPoint[] = [];
  const largest = { home: 0, away: 0 };
  let changes = 0;
  let ties = 0;
  let leader: MatchCentreSide | null = null;
  let lastLeader: MatchCentreSide | null = null;
  const runs: ScoringRun[] = [];
  let run: { side: MatchCentreSide; points: number; conceded: number; from: LeadPoint; to: LeadPoint } | null = null;
  let previous = { home: 0, away: 0 };
  const closeRun = () => {
    if (run !== null && run.points >= LEAD_RUN_MIN_POINTS) {
      runs.push({ side: run.side, points: run.points, conceded: run.conceded, from_elapsed: run.from.elapsed_seconds, to_elapsed: run.to.elapsed_seconds, from_period: run.from.period, to_period: run.to.period });
    }
    run = null;
  };
  for (const action of actions) {
    if (action.made !== true || (action.kind !== 'field_goal' && action.kind !== 'free_throw')) continue;
    const clock = action.clock_seconds ?? 0;
    const elapsed = periodStartSeconds(action.period, periodMinutes) + periodLengthSeconds(action.period, periodMinutes) - clock;
    const point: LeadPoint = { period: action.period, clock_seconds: clock, elapsed_seconds: elapsed, home_score: action.home_score, away_score: action.away_score, lead: action.home_score - action.away_score };
    points.push(point);
    largest.home = Math.max(largest.home, point.lead);
    largest.away = Math.max(largest.away, -point.lead);
    const now: MatchCentreSide | null = point.lead > 0 ? 'home' : point.lead < 0 ? 'away' : null;
    if (now === null && leader !== null) ties += 1;
    // The lead passes from one side to the other (through a tie or not).
    if (now !== null && lastLeader !== null && now !== lastLeader) changes += 1;
    if (now !== null) lastLeader = now;
    leader = now;
    const scored = { home: action.home_score - previous.home, away: action.away_score - previous.away };
    previous = { home: action.home_score, away: action.away_score };
    const side: MatchCentreSide = scored.home > 0 ? 'home' : 'away';
    const gained = scored[side];
    if (run !== null && run.side === side) {
      run.points += gained;
      run.to = point;
    } else if (run !== null && run.conceded + gained <= LEAD_RUN_MAX_CONCEDED) {
      run.conceded += gained;
      run.to = point;
    } else {
      closeRun();
      run = { side, points: gained, conceded: 0, from: point, to: point };
    }
  }
  closeRun();
  return { points, largest_lead: largest, lead_changes: changes, ties, runs };
}

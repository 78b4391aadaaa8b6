import { type RawBuilder, sql } from 'kysely';

/** Lead changes count in the last this many seconds of the fourth quarter and overtime (issue 34). */
export const LEAD_CHANGE_LAST_SECONDS = 120;

/**
 * SQL true for a basketball `score` event (of `match_event` as `alias`) that is a late lead
 * change: in the last 2 minutes of the fourth quarter or an overtime, the scoring team trailed
 * before the basket (its score minus the basket's points) and leads after it. One rule for the
 * clips the feed cuts (clips/feedClipWatcher.ts) and the markers on a seek bar (live/media/archive/markers.ts).
 */
export function lateLeadChange(alias: string): RawBuilder<boolean> {
  const e = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<boolean>`(${e('kind')} = 'score' and ${e('period')} >= 4 and ${e('clock_seconds')} <= ${LEAD_CHANGE_LAST_SECONDS}
    and (${e('home_score')} - ${e('away_score')}) * (${e('home_score')} - ${e('away_score')} - case when ${e('side')} = 'home' then coalesce(${e('points')}, 0) else -coalesce(${e('points')}, 0) end) < 0)`;
}

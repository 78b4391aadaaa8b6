import type { MatchRow } from '@sports/shared';
import type { FollowIdSets } from '@sports/shared/follows';

/** A match of a followed team (home or away) or of a followed league. */
export function isFollowedMatch(row: MatchRow, ids: FollowIdSets): boolean {
  return ids.team.has(row.home_team_id) || ids.team.has(row.away_team_id) || ids.league.has(row.competition_id);
}

/**
 * The 关注 filter's order ("my teams" first, as SofaScore and FotMob do): the matches of followed
 * teams and leagues on top, then the rest, each part in the order it came (kick-off).
 */
export function followedFirst(rows: readonly MatchRow[], ids: FollowIdSets): MatchRow[] {
  const followed: MatchRow[] = [];
  const others: MatchRow[] = [];
  for (const row of rows) (isFollowedMatch(row, ids) ? followed : others).push(row);
  return [...followed, ...others];
}

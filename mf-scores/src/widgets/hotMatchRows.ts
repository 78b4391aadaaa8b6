import type { LiveRoomCard, MatchRow } from '@sports/shared';
import { byKickoff } from '../live/kickoffOrder';
import { isLive } from '../live/liveRows';

/** Matches the widget shows. */
export const HOT_MATCHES_SHOWN = 6;

/**
 * What the widget lists: live matches first (hot competitions first among them), then the next
 * ones to start, at most `HOT_MATCHES_SHOWN`; each row once.
 */
export function hotMatchRows(rows: readonly MatchRow[]): MatchRow[] {
  const seen = new Set<number>();
  const unique = rows.filter((row) => !seen.has(row.match_id) && (seen.add(row.match_id), true));
  const rank = (row: MatchRow) => (isLive(row) ? 0 : row.status === 'scheduled' ? 2 : 4) + (row.hot ? 0 : 1);
  return unique
    .filter((row) => row.status !== 'finished')
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || byKickoff(a.row, b.row) || a.index - b.index)
    .slice(0, HOT_MATCHES_SHOWN)
    .map(({ row }) => row);
}

/** The rooms showing each match (score-live rooms), live rooms first, from the live list's cards. */
export function roomsByMatch(rooms: readonly LiveRoomCard[]): Map<number, LiveRoomCard[]> {
  const byMatch = new Map<number, LiveRoomCard[]>();
  for (const room of rooms) {
    if (room.match === null) continue;
    const list = byMatch.get(room.match.match_id) ?? [];
    list.push(room);
    byMatch.set(room.match.match_id, list);
  }
  for (const list of byMatch.values()) list.sort((a, b) => b.is_live - a.is_live);
  return byMatch;
}

/** A team's badge: its name's first character on a colour of its own (the feed has no logos). */
export function teamBadge(teamId: number, name: string): { letter: string; hue: number } {
  return { letter: [...name.trim()][0] ?? '?', hue: (teamId * 67) % 360 };
}

import type { MatchRow } from '@sports/shared';
import { byKickoff } from '../live/kickoffOrder';
import { isLive, overlayRows, type LiveMatchIndex } from '../live/liveRows';

export type BoardTab = 'live' | 'scheduled' | 'finished' | 'favourites';

/**
 * What a tab shows: the fetched rows with the socket's newer copies; on the live tab also the
 * matches that kicked off since (live rows of the filtered competition not fetched yet), in
 * kick-off order.
 */
export function boardRows(tab: BoardTab, fetched: readonly MatchRow[], live: LiveMatchIndex, competitionId: number | null): MatchRow[] {
  const rows = overlayRows(fetched, live);
  if (tab !== 'live') return rows;
  const shown = new Set(rows.map((row) => row.match_id));
  const started = [...live.values()].filter(
    (row) => isLive(row) && !shown.has(row.match_id) && (competitionId === null || row.competition_id === competitionId),
  );
  if (started.length === 0) return rows;
  return [...rows, ...started].sort((a, b) => byKickoff(a, b) || a.match_id - b.match_id);
}

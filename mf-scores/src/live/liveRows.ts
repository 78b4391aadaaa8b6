import { mergeLiveRows, type LiveDataFrame, type MatchRow, type ScoreSport } from '@sports/shared';

/** The match rows the socket has sent, by match id: what a fetched row is replaced with. */
export type LiveMatchIndex = ReadonlyMap<number, MatchRow>;

/** The rows after a frame: match frames of the given sports replace rows by match id (snapshots replace all of that sport). */
export function applyMatchFrame(rows: readonly MatchRow[], frame: LiveDataFrame, sports: readonly ScoreSport[]): MatchRow[] | null {
  if (frame.type !== 'football_match' && frame.type !== 'basketball_match' && frame.type !== 'esports_match' && frame.type !== 'general_match') return null;
  const sport = frame.type.slice(0, -'_match'.length) as ScoreSport;
  if (!sports.includes(sport)) return null;
  if (frame.snapshot === true) {
    // A snapshot is the whole set of its sport: rows of the other sport stay.
    return [...rows.filter((row) => row.sport !== sport), ...frame.data];
  }
  return mergeLiveRows(rows, { data: frame.data });
}

/** A fetched list with each row replaced by the socket's newer copy, when it has one. */
export function overlayRows(rows: readonly MatchRow[], live: LiveMatchIndex): MatchRow[] {
  return rows.map((row) => live.get(row.match_id) ?? row);
}

export function isLive(row: MatchRow): boolean {
  return row.status === 'live' || row.status === 'halftime';
}

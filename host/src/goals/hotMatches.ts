import type { LiveDataFrame, MatchRow } from '@sports/shared';

/**
 * The matches of hot competitions in play, from the socket's match frames (the host's
 * connection asks for hot competitions only, classify_type 1): snapshots replace a sport's set,
 * rows add or (finished) remove a match.
 */
export class HotMatchIds {
  private readonly bySport = new Map<MatchRow['sport'], Set<number>>();

  apply(frame: LiveDataFrame): void {
    if (frame.type !== 'football_match' && frame.type !== 'basketball_match') return;
    const sport = frame.type === 'football_match' ? 'football' : 'basketball';
    const ids = frame.snapshot === true ? new Set<number>() : (this.bySport.get(sport) ?? new Set<number>());
    for (const row of frame.data) {
      if (row.hot && row.status !== 'finished') ids.add(row.match_id);
      else ids.delete(row.match_id);
    }
    this.bySport.set(sport, ids);
  }

  has(matchId: number): boolean {
    for (const ids of this.bySport.values()) if (ids.has(matchId)) return true;
    return false;
  }
}

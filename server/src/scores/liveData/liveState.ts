import { type ExponentRow, type MatchRow, type StateStream, liveRowKey } from '@sports/shared/server';
import type { MessageAudience } from './liveMessage';
import { textFrame } from '../../infra/sockets/textFrame';

interface CachedRow extends MessageAudience {
  matchId: number;
  json: string;
}

/** What a client sees: hot competitions only (classify 1), its odds company, the match it watches (match centre). */
export interface ClientFilter {
  hotOnly: boolean;
  companyId: number;
  /** The match whose match_centre deltas it gets (null: none). */
  watchMatchId?: number | null;
}

export function accepts(filter: ClientFilter, audience: MessageAudience & { centreMatchId?: number | null }): boolean {
  // The match centre's deltas go to the watchers of their match only, whatever the other filters.
  if (audience.centreMatchId !== undefined && audience.centreMatchId !== null) return filter.watchMatchId === audience.centreMatchId;
  if (filter.hotOnly && !audience.hot) return false;
  return audience.companyId === null || audience.companyId === filter.companyId;
}

/**
 * The current rows of each state stream, for snapshots: matches in play, and the odds of matches
 * in play or about to start. A finished match leaves the cache (its last row went out as a
 * normal frame). Snapshot frames are built from the rows' stored JSON and shared by every client
 * with the same filter until the stream changes.
 */
export class LiveState {
  private readonly rows = new Map<StateStream, Map<string, CachedRow>>();
  private readonly versions = new Map<StateStream, number>();
  private readonly snapshots = new Map<string, { version: number; seq: number; frame: Buffer }>();

  apply(stream: StateStream, data: readonly (MatchRow | ExponentRow)[], audience: MessageAudience): void {
    const rows = this.rowsOf(stream);
    for (const row of data) {
      const key = liveRowKey(row);
      if ('status' in row && row.status === 'finished') {
        rows.delete(key);
        this.dropOdds(stream, row.match_id);
      } else {
        rows.set(key, { matchId: row.match_id, json: JSON.stringify(row), hot: audience.hot, companyId: audience.companyId });
      }
    }
    this.versions.set(stream, (this.versions.get(stream) ?? 0) + 1);
  }

  /** A `snapshot: true` frame of `stream` as of `seq` for the filter. */
  snapshotFrame(stream: StateStream, seq: number, filter: ClientFilter): Buffer {
    const cacheKey = `${stream}|${filter.hotOnly ? 1 : 0}|${stream.endsWith('exponent') ? filter.companyId : ''}`;
    const version = this.versions.get(stream) ?? 0;
    const cached = this.snapshots.get(cacheKey);
    if (cached !== undefined && cached.version === version && cached.seq === seq) return cached.frame;
    const rows = [...this.rowsOf(stream).values()].filter((row) => accepts(filter, row)).map((row) => row.json);
    // Rows are spliced in as stored JSON: nothing already encoded is serialized again.
    const frame = textFrame(Buffer.from(`{"code":100,"type":"${stream}","seq":${seq},"snapshot":true,"data":[${rows.join(',')}]}`));
    this.snapshots.set(cacheKey, { version, seq, frame });
    return frame;
  }

  size(stream: StateStream): number {
    return this.rowsOf(stream).size;
  }

  private dropOdds(matchStream: StateStream, matchId: number): void {
    const exponentStream: StateStream = matchStream === 'football_match' ? 'football_exponent' : matchStream === 'basketball_match' ? 'basketball_exponent' : matchStream;
    if (exponentStream === matchStream) return;
    const odds = this.rowsOf(exponentStream);
    for (const [key, row] of odds) if (row.matchId === matchId) odds.delete(key);
    this.versions.set(exponentStream, (this.versions.get(exponentStream) ?? 0) + 1);
  }

  private rowsOf(stream: StateStream): Map<string, CachedRow> {
    let rows = this.rows.get(stream);
    if (rows === undefined) {
      rows = new Map();
      this.rows.set(stream, rows);
    }
    return rows;
  }
}

import type { ExponentRow, MatchRow } from '../schemas/scores';
import type { ExponentFrame, MatchFrame } from './liveDataFrames';

/** The key a row replaces by: the match, and for exponent rows also the odds company. */
export function liveRowKey(row: MatchRow | ExponentRow): string {
  return 'company_id' in row ? `${row.match_id}:${row.company_id}` : String(row.match_id);
}

/**
 * The rows after a code-100 frame (SPEC.md section 4: the frame replaces that data): a snapshot
 * replaces the whole list; otherwise each row replaces the row with its key or is appended.
 * Returns a new array (store-friendly); the order of existing rows is kept.
 */
export function mergeLiveRows<Row extends MatchRow | ExponentRow>(current: readonly Row[], frame: { data: Row[]; snapshot?: true }): Row[] {
  if (frame.snapshot === true) return [...frame.data];
  const incoming = new Map(frame.data.map((row) => [liveRowKey(row), row]));
  const merged = current.map((row) => {
    const key = liveRowKey(row);
    const replacement = incoming.get(key);
    if (replacement === undefined) return row;
    incoming.delete(key);
    return replacement;
  });
  return [...merged, ...incoming.values()];
}

export type { ExponentFrame, MatchFrame };

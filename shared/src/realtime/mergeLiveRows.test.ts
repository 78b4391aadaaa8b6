import { describe, expect, it } from 'vitest';
import type { ExponentRow, MatchRow } from '../schemas/scores';
import { mergeLiveRows } from './mergeLiveRows';

const row = (match_id: number, home_score: number) => ({ match_id, home_score }) as MatchRow;
const odds = (match_id: number, company_id: number) => ({ match_id, company_id }) as ExponentRow;

describe('mergeLiveRows', () => {
  it('replaces rows by match and appends new ones, keeping the order', () => {
    const merged = mergeLiveRows([row(1, 0), row(2, 0)], { data: [row(2, 1), row(3, 0)] });
    expect(merged.map((item) => [item.match_id, item.home_score])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
  });

  it('replaces everything with a snapshot', () => {
    expect(mergeLiveRows([row(1, 0)], { data: [row(5, 2)], snapshot: true })).toEqual([row(5, 2)]);
  });

  it('keys exponent rows by match and company', () => {
    expect(mergeLiveRows([odds(1, 3), odds(1, 8)], { data: [odds(1, 8)] })).toHaveLength(2);
  });
});

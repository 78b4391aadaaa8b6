import { describe, expect, it } from 'vitest';
import { encodeMessage } from './liveMessage';
import { ReplayRing } from './replayRing';

const message = (seq: number) => encodeMessage('goal', seq, { match_id: 1, iszhu: 1, match_str: "1'", home_team_name_zh: '甲', away_team_name_zh: '乙', home_score: 1, away_score: 0 }, { hot: true, companyId: null });
const seqs = (list: ReturnType<ReplayRing['since']>) => list?.map((item) => item.seq) ?? null;

describe('ReplayRing', () => {
  it('replays what came after a position while it still holds it', () => {
    const ring = new ReplayRing(4);
    for (let seq = 1; seq <= 6; seq += 1) ring.push(message(seq));
    expect(seqs(ring.since(2))).toEqual([3, 4, 5, 6]);
    expect(seqs(ring.since(4))).toEqual([5, 6]);
    expect(seqs(ring.since(6))).toEqual([]);
    // Too old (3 fell out) or from another numbering (ahead): not replayable.
    expect(ring.since(1)).toBeNull();
    expect(ring.since(9)).toBeNull();
  });

  it('starts afresh after a gap, so a replay never skips a message', () => {
    const ring = new ReplayRing(8);
    for (const seq of [1, 2, 3, 7, 8]) ring.push(message(seq));
    expect(seqs(ring.since(6))).toEqual([7, 8]);
    expect(ring.since(2)).toBeNull();
  });

  it('replays nothing when empty', () => {
    expect(new ReplayRing(2).since(0)).toBeNull();
  });

  it('bounded by bytes, drops the oldest and stays contiguous (always keeps the newest)', () => {
    const one = message(1).frame.length;
    const ring = new ReplayRing(2048, one * 3 + 10);
    for (let seq = 1; seq <= 10; seq += 1) ring.push(message(seq));
    expect(ring.size).toBe(3);
    expect(ring.bytes).toBeLessThanOrEqual(one * 3 + 10);
    expect(seqs(ring.since(7))).toEqual([8, 9, 10]);
    expect(ring.since(6)).toBeNull();
    const tiny = new ReplayRing(8, 1);
    tiny.push(message(1));
    tiny.push(message(2));
    expect(seqs(tiny.since(1))).toEqual([2]);
    tiny.clear();
    expect(tiny.bytes).toBe(0);
  });
});

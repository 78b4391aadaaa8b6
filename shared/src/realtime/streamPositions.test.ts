import { describe, expect, it } from 'vitest';
import type { LiveDataFrame } from './liveDataFrames';
import { StreamPositions } from './streamPositions';

const match = (seq: number, snapshot = false) => ({ code: 100, type: 'football_match', seq, data: [], ...(snapshot ? { snapshot: true } : {}) }) as LiveDataFrame;
const goal = (seq: number) => ({ code: 100, type: 'goal', seq, data: {} }) as LiveDataFrame;

describe('StreamPositions', () => {
  it('delivers state frames once and in order; older ones are dropped', () => {
    const positions = new StreamPositions();
    expect([5, 6, 6, 4, 7].map((seq) => positions.accept(match(seq)))).toEqual([true, true, false, false, true]);
    expect(positions.position('football_match')).toBe(7);
  });

  it('always applies snapshots, even at a seq already seen', () => {
    const positions = new StreamPositions();
    positions.accept(match(9));
    expect(positions.accept(match(9, true))).toBe(true);
    expect(positions.accept(match(9))).toBe(false);
  });

  it('dedupes goals by seq, accepting late ones that were never seen', () => {
    const positions = new StreamPositions();
    expect([10, 12, 10, 11, 12].map((seq) => positions.accept(goal(seq)))).toEqual([true, true, false, true, false]);
    expect(positions.position('goal')).toBe(12);
  });

  it('resumes from the synced position of every stream it knows', () => {
    const positions = new StreamPositions();
    expect(positions.resumeFrames()).toEqual([]);
    positions.synced('goal', 40);
    positions.accept(match(3));
    positions.synced('football_match', 2);
    expect(positions.resumeFrames()).toEqual([
      { type: 'resume', stream: 'football_match', lastSeq: 3 },
      { type: 'resume', stream: 'goal', lastSeq: 40 },
    ]);
  });

  it('forgets exponent positions after a company change and state positions after a classify change', () => {
    const positions = new StreamPositions();
    for (const stream of ['football_match', 'football_exponent', 'basketball_exponent', 'goal'] as const) positions.synced(stream, 1);
    positions.forgetExponents();
    expect(positions.resumeFrames().map((frame) => (frame.type === 'resume' ? frame.stream : ''))).toEqual(['football_match', 'goal']);
    positions.forgetStateStreams();
    expect(positions.resumeFrames().map((frame) => (frame.type === 'resume' ? frame.stream : ''))).toEqual(['goal']);
  });
});

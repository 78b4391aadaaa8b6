import type { MatchCentreDelta, MatchRow } from '@sports/shared/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Fanout } from './fanout';
import type { LiveClient } from './liveClient';
import { encodeMessage } from './liveMessage';

/**
 * A subscriber as the fan-out sees it: its filter and group, and the writes it got (each a
 * buffer). `writeMs`: the wall time each write takes (the fake clock moves on by it, no timer fires).
 */
function subscriber(watchMatchId: number | null, writeMs = 0) {
  const writes: string[] = [];
  const client = {
    phase: 'idle',
    filter: { hotOnly: false, companyId: 1, watchMatchId },
    groupKey: `0:1:${watchMatchId ?? '-'}`,
    bufferedBytes: 0,
    write: (frame: Buffer) => {
      writes.push(frame.toString('utf8'));
      vi.setSystemTime(Date.now() + writeMs);
    },
    enqueue: () => undefined,
  };
  return { client: client as unknown as LiveClient, writes };
}

/** A fan-out on the fake clock (Date.now moves with the fake timers and with the writes' wall time). */
const fanoutOf = (windowMs: number, maxHeldBytes?: number) => new Fanout(windowMs, maxHeldBytes, () => Date.now());

const delta = (seq: number) => encodeMessage('match_centre', seq, { match_id: 7, sport: 'football', status: 'live' } satisfies MatchCentreDelta, { hot: true, companyId: null });
const score = (seq: number) => encodeMessage('football_match', seq, [{ match_id: 7 } as unknown as MatchRow], { hot: true, companyId: null });
/** The seqs of the frames in one write, in order. */
const seqs = (write: string) => [...write.matchAll(/"seq":(\d+)/g)].map((match) => Number(match[1]));

describe('the fan-out: one write a socket a turn; deltas wait only within a window after a write of deltas', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a lone delta in its turn, not after the window', () => {
    const fanout = fanoutOf(250);
    const watcher = subscriber(7);
    fanout.join(watcher.client);
    fanout.enqueue(delta(1));
    vi.advanceTimersByTime(0);
    expect(watcher.writes.map(seqs)).toEqual([[1]]);
  });

  it('writes the deltas of one turn together', () => {
    const fanout = fanoutOf(250);
    const watcher = subscriber(7);
    fanout.join(watcher.client);
    fanout.enqueue(delta(1));
    fanout.enqueue(delta(2));
    vi.advanceTimersByTime(0);
    expect(watcher.writes.map(seqs)).toEqual([[1, 2]]);
  });

  it('holds the deltas published within the window after a write of deltas began until it ends, then writes them in one write, in order', () => {
    const fanout = fanoutOf(50);
    const watcher = subscriber(7);
    fanout.join(watcher.client);
    fanout.enqueue(delta(1));
    vi.advanceTimersByTime(0);
    expect(watcher.writes.map(seqs)).toEqual([[1]]);
    vi.advanceTimersByTime(10);
    fanout.enqueue(delta(2));
    vi.advanceTimersByTime(20);
    fanout.enqueue(delta(3));
    vi.advanceTimersByTime(19);
    expect(watcher.writes).toHaveLength(1);
    // 50 ms after the first write began, both go, in one write.
    vi.advanceTimersByTime(1);
    expect(watcher.writes.map(seqs)).toEqual([[1], [2, 3]]);
    // A steady stream faster than the window is written once a window.
    vi.advanceTimersByTime(20);
    fanout.enqueue(delta(4));
    vi.advanceTimersByTime(29);
    expect(watcher.writes).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(watcher.writes.map(seqs)).toEqual([[1], [2, 3], [4]]);
  });

  it('sends each delta of a stream slower than the window in its turn (a steady 10 a second is never held)', () => {
    const fanout = fanoutOf(50);
    const watcher = subscriber(7, 30);
    fanout.join(watcher.client);
    for (let seq = 1; seq <= 5; seq += 1) {
      fanout.enqueue(delta(seq));
      vi.advanceTimersByTime(0);
      expect(watcher.writes).toHaveLength(seq);
      // The write took 30 ms; the next delta comes 100 ms after this one.
      vi.advanceTimersByTime(70);
    }
  });

  it('does not hold the deltas published during a write longer than the window: they go together in the next turn', () => {
    const fanout = fanoutOf(50);
    const watcher = subscriber(7, 80);
    fanout.join(watcher.client);
    fanout.enqueue(delta(1));
    vi.advanceTimersByTime(0);
    // Published while the 80 ms write ran (the loop sees them after it): the window is over.
    fanout.enqueue(delta(2));
    fanout.enqueue(delta(3));
    vi.advanceTimersByTime(0);
    expect(watcher.writes.map(seqs)).toEqual([[1], [2, 3]]);
  });

  it('never holds a score frame: its turn takes the waiting deltas with it, in one write', () => {
    const fanout = fanoutOf(250);
    const watcher = subscriber(7);
    const board = subscriber(null);
    fanout.join(watcher.client);
    fanout.join(board.client);
    fanout.enqueue(delta(1));
    vi.advanceTimersByTime(0);
    // Within the window: delta 2 waits, until the score frame's turn.
    vi.advanceTimersByTime(50);
    fanout.enqueue(delta(2));
    vi.advanceTimersByTime(50);
    expect(watcher.writes).toHaveLength(1);
    fanout.enqueue(score(1));
    vi.advanceTimersByTime(0);
    expect(watcher.writes.map(seqs)).toEqual([[1], [2, 1]]);
    const second = watcher.writes[1];
    expect(second?.indexOf('"type":"match_centre"')).toBeLessThan(second?.indexOf('"type":"football_match"') ?? -1);
    // A page not watching the match gets the score frame only.
    expect(board.writes.map(seqs)).toEqual([[1]]);
    // Nothing left for the window's timer.
    vi.advanceTimersByTime(500);
    expect(watcher.writes).toHaveLength(2);
  });

  it('sends a waiting delta at once when asked to flush (before a catch-up), never twice', () => {
    const fanout = fanoutOf(250);
    const watcher = subscriber(7);
    fanout.join(watcher.client);
    fanout.enqueue(delta(1));
    vi.advanceTimersByTime(0);
    fanout.enqueue(delta(2));
    fanout.flush();
    expect(watcher.writes.map(seqs)).toEqual([[1], [2]]);
    vi.advanceTimersByTime(1_000);
    expect(watcher.writes).toHaveLength(2);
  });

  it('holds no more than maxHeldBytes: past it the waiting deltas go in the next turn', () => {
    const frame = delta(1).frame.byteLength;
    const fanout = fanoutOf(250, frame * 3);
    const watcher = subscriber(7);
    fanout.join(watcher.client);
    fanout.enqueue(delta(0));
    vi.advanceTimersByTime(0);
    // Within the window after that write: held, up to three frames' bytes.
    fanout.enqueue(delta(1));
    fanout.enqueue(delta(2));
    vi.advanceTimersByTime(0);
    expect(watcher.writes).toHaveLength(1);
    fanout.enqueue(delta(3));
    vi.advanceTimersByTime(0);
    expect(watcher.writes.map(seqs)).toEqual([[0], [1, 2, 3]]);
    // The count starts again (and the window, from that write).
    fanout.enqueue(delta(4));
    vi.advanceTimersByTime(249);
    expect(watcher.writes).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(watcher.writes.map(seqs)).toEqual([[0], [1, 2, 3], [4]]);
  });

  it('without a window sends a delta in its turn, however recent the last write', () => {
    const fanout = fanoutOf(0);
    const watcher = subscriber(7);
    fanout.join(watcher.client);
    fanout.enqueue(delta(1));
    vi.advanceTimersByTime(0);
    fanout.enqueue(delta(2));
    vi.advanceTimersByTime(0);
    expect(watcher.writes.map(seqs)).toEqual([[1], [2]]);
  });
});

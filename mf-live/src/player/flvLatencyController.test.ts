import { describe, expect, it } from 'vitest';
import { type AdaptiveLatencySettings, FlvLatencyController } from './flvLatencyController';
import { FLV_ADAPTIVE, FLV_SAMPLE_MS } from './latencySettings';

/**
 * A simulated viewer: 25 fps frames leave the server at their media time and reach the player
 * after `delayOf(frame)` ms; the player plays at the controller's rate, stalls when it has no
 * frame ahead, and the controller reads it every FLV_SAMPLE_MS, as engines.ts does.
 */
interface Run {
  stalls: number;
  stalledMs: number;
  seeks: { atMs: number; fromAheadMs: number }[];
  maxRate: number;
  minRate: number;
  /** Buffer ahead and target at each sample after `steadyAfterMs`. */
  ahead: number[];
  targets: number[];
  /** Rates applied at each sample, by wall time. */
  rates: { atMs: number; rate: number; aheadMs: number }[];
}

const FRAME_MS = 40;

function simulate(delayOf: (frame: number) => number, { seconds = 60, steadyAfterMs = 10_000, burstFrames = 0, pauseAt = null as null | { atMs: number; forMs: number }, settings = FLV_ADAPTIVE as AdaptiveLatencySettings } = {}): Run {
  const controller = new FlvLatencyController(settings);
  const run: Run = { stalls: 0, stalledMs: 0, seeks: [], maxRate: 1, minRate: 1, ahead: [], targets: [], rates: [] };
  // The GOP cache: `burstFrames` frames made before the viewer connected arrive with the first.
  const arrivals: { atMs: number; endMs: number }[] = [];
  const frames = Math.ceil((seconds * 1000) / FRAME_MS);
  let previousAt = Number.NEGATIVE_INFINITY;
  for (let frame = 0; frame < frames; frame += 1) {
    const madeMs = frame * FRAME_MS;
    // One TCP stream: a frame never overtakes the one before it (a late frame holds back the next).
    const atMs = Math.max(previousAt, frame < burstFrames ? burstFrames * FRAME_MS + delayOf(0) : madeMs + delayOf(frame));
    arrivals.push({ atMs, endMs: madeMs + FRAME_MS });
    previousAt = atMs;
  }
  const firstAt = arrivals[0]!.atMs;
  let next = 0;
  let bufferedEndMs = 0;
  let currentMs = 0;
  let rate = 1;
  let stalled = false;
  const stepMs = 5;
  for (let nowMs = firstAt; nowMs < firstAt + seconds * 1000 - 2_000; nowMs += stepMs) {
    while (next < arrivals.length && arrivals[next]!.atMs <= nowMs) bufferedEndMs = Math.max(bufferedEndMs, arrivals[next++]!.endMs);
    const hidden = pauseAt !== null && nowMs - firstAt >= pauseAt.atMs && nowMs - firstAt < pauseAt.atMs + pauseAt.forMs;
    if (hidden) continue; // a background tab: nothing plays
    // Plays at `rate`; a frame is needed ahead (a stall when the picture reaches the buffered end).
    const advance = stepMs * rate;
    if (currentMs + advance <= bufferedEndMs) {
      currentMs += advance;
      stalled = false;
    } else {
      currentMs = Math.max(currentMs, bufferedEndMs);
      if (!stalled && nowMs - firstAt > 3_000) run.stalls += 1;
      if (nowMs - firstAt > 3_000) run.stalledMs += stepMs;
      stalled = true;
    }
    if ((nowMs - firstAt) % FLV_SAMPLE_MS !== 0) continue;
    const decision = controller.sample(nowMs, { bufferedEndS: bufferedEndMs / 1000, currentTimeS: currentMs / 1000 });
    if (decision.seekTo !== null) {
      run.seeks.push({ atMs: nowMs - firstAt, fromAheadMs: decision.aheadMs });
      currentMs = decision.seekTo * 1000;
    }
    rate = decision.rate;
    run.maxRate = Math.max(run.maxRate, rate);
    run.minRate = Math.min(run.minRate, rate);
    run.rates.push({ atMs: nowMs - firstAt, rate, aheadMs: decision.aheadMs });
    if (nowMs - firstAt >= steadyAfterMs) {
      run.ahead.push(decision.aheadMs);
      run.targets.push(decision.targetMs);
    }
  }
  return run;
}

/** A repeatable pseudo-random sequence in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] as number;

describe('FlvLatencyController', () => {
  it('a steady network: a small buffer (near the minimum), no stall, no seek, normal speed', () => {
    const run = simulate(() => 30, { seconds: 60 });
    expect(run.stalls).toBe(0);
    expect(run.seeks).toEqual([]);
    expect(Math.max(...run.targets)).toBeLessThanOrEqual(FLV_ADAPTIVE.minTargetMs + 60);
    expect(p95(run.ahead)).toBeLessThanOrEqual(FLV_ADAPTIVE.minTargetMs + FLV_ADAPTIVE.hysteresisMs + 40);
  });

  it('a jittery network (arrivals up to 150 ms late): the target grows to cover it, five minutes without a stall', () => {
    const next = random(7);
    const run = simulate(() => 30 + next() * 150, { seconds: 300 });
    expect(run.stalls).toBe(0);
    expect(Math.min(...run.targets)).toBeGreaterThanOrEqual(150);
    // Not more than the jitter needs: target ≈ jitter (≤ 150 ms + a sample) + margin.
    expect(Math.max(...run.targets)).toBeLessThanOrEqual(150 + FLV_SAMPLE_MS + FLV_ADAPTIVE.marginMs + 10);
    expect(p95(run.ahead)).toBeLessThan(300);
  });

  it('hiccups (every few seconds the network holds a frame 250 ms): the target covers them, no stall; a fixed 120 ms buffer stalls at each', () => {
    const hiccups = (seed: number) => {
      const next = random(seed);
      const late = new Set<number>();
      for (let frame = 100; frame < 300 * 25; frame += 50 + Math.floor(next() * 50)) late.add(frame);
      return (frame: number) => (late.has(frame) ? 280 : 30);
    };
    const adaptive = simulate(hiccups(5), { seconds: 300 });
    // The first hiccup comes before any was seen: at most that one stalls.
    expect(adaptive.stalls).toBeLessThanOrEqual(1);
    expect(Math.min(...adaptive.targets)).toBeGreaterThanOrEqual(250);
    const fixed = simulate(hiccups(5), { seconds: 300, settings: { ...FLV_ADAPTIVE, maxTargetMs: FLV_ADAPTIVE.minTargetMs } });
    expect(fixed.stalls).toBeGreaterThan(50);
  });

  it('after a jittery spell the target comes back down once the late arrivals leave the window', () => {
    const next = random(3);
    const run = simulate((frame) => (frame * FRAME_MS < 20_000 ? 30 + next() * 200 : 30), { seconds: 60, steadyAfterMs: 0 });
    expect(run.stalls).toBe(0);
    const targetAt = (ms: number) => run.targets[Math.floor(ms / FLV_SAMPLE_MS)] as number;
    expect(targetAt(15_000)).toBeGreaterThanOrEqual(200);
    expect(targetAt(20_000 + FLV_ADAPTIVE.jitterWindowMs + 5_000)).toBeLessThanOrEqual(FLV_ADAPTIVE.minTargetMs + 60);
  });

  it('the GOP cache burst at the start is skipped once, before a second is shown; then no jitter is read into it', () => {
    const run = simulate(() => 30, { seconds: 30, burstFrames: 25 });
    expect(run.seeks).toHaveLength(1);
    expect(run.seeks[0]!.atMs).toBeLessThan(1_000);
    expect(run.stalls).toBe(0);
    expect(Math.max(...run.targets)).toBeLessThanOrEqual(FLV_ADAPTIVE.minTargetMs + 60);
  });

  it('a network freeze then a burst: caught up by playback rate (at most maxRate), never by a jump', () => {
    // 20 s in, the network holds 800 ms of frames and then delivers them at once.
    const run = simulate((frame) => {
      const made = frame * FRAME_MS;
      return made >= 20_000 && made < 20_800 ? 20_800 - made + 30 : 30;
    }, { seconds: 60, steadyAfterMs: 0 });
    expect(run.seeks).toEqual([]);
    expect(run.maxRate).toBeGreaterThan(1.02);
    expect(run.maxRate).toBeLessThanOrEqual(FLV_ADAPTIVE.maxRate);
    expect(run.stalls).toBe(1); // the freeze itself: nothing to play for 800 ms
    // The freeze was jitter: the target covers it for the window, then the buffer is back near the minimum.
    const after = run.rates.filter((sample) => sample.atMs > 20_800 + FLV_ADAPTIVE.jitterWindowMs + 10_000);
    expect(Math.max(...after.map((sample) => sample.aheadMs))).toBeLessThanOrEqual(FLV_ADAPTIVE.minTargetMs + FLV_ADAPTIVE.hysteresisMs + 50);
    // Steady: normal speed nearly always (a frame's saw of the buffer can nudge it, by a percent or two).
    expect(after.filter((sample) => sample.rate === 1).length).toBeGreaterThan(after.length * 0.8);
    expect(Math.max(...after.map((sample) => sample.rate))).toBeLessThanOrEqual(1.03);
  });

  it('skips the start once: a buffer still over target after the skip is caught up by rate, not a second seek', () => {
    const controller = new FlvLatencyController(FLV_ADAPTIVE);
    // The GOP cache: 1 s buffered at once, the picture at 0.
    expect(controller.sample(0, { bufferedEndS: 1, currentTimeS: 0 }).seekTo).toBeCloseTo(1 - FLV_ADAPTIVE.minTargetMs / 1000);
    // Another burst lands before a second has played: no second seek.
    const next = controller.sample(50, { bufferedEndS: 1.6, currentTimeS: 0.9 });
    expect(next.seekTo).toBeNull();
    expect(next.rate).toBeGreaterThan(1);
  });

  it('a thin buffer plays slightly slower until it is refilled', () => {
    const controller = new FlvLatencyController(FLV_ADAPTIVE);
    let now = 0;
    // Settle on a steady stream at 150 ms ahead.
    for (let i = 0; i < 100; i += 1, now += 50) controller.sample(now, { bufferedEndS: 10 + now / 1000, currentTimeS: 9.85 + now / 1000 });
    const thin = controller.sample(now, { bufferedEndS: 10 + now / 1000, currentTimeS: 9.97 + now / 1000 });
    expect(thin.rate).toBe(FLV_ADAPTIVE.minRate);
    expect(thin.seekTo).toBeNull();
    // Still under target: still slower; at target: normal speed.
    expect(controller.sample(now + 50, { bufferedEndS: 10.05 + now / 1000, currentTimeS: 9.95 + now / 1000 }).rate).toBe(FLV_ADAPTIVE.minRate);
    expect(controller.sample(now + 100, { bufferedEndS: 10.1 + now / 1000, currentTimeS: 9.95 + now / 1000 }).rate).toBe(1);
  });

  it('a page back from the background far behind seeks to the target (the one jump besides the start)', () => {
    const run = simulate(() => 30, { seconds: 40, pauseAt: { atMs: 15_000, forMs: 8_000 } });
    expect(run.seeks).toHaveLength(1);
    expect(run.seeks[0]!.fromAheadMs).toBeGreaterThan(FLV_ADAPTIVE.farBehindMs);
    expect(run.seeks[0]!.atMs).toBeGreaterThanOrEqual(23_000);
  });

  it('a new stream on the same element (media time back to 0) is measured afresh', () => {
    const controller = new FlvLatencyController(FLV_ADAPTIVE);
    let now = 0;
    const next = random(11);
    for (let i = 0; i < 300; i += 1, now += 50) controller.sample(now + next() * 300, { bufferedEndS: 100 + i * 0.05, currentTimeS: 99.7 + i * 0.05 });
    expect(controller.jitterMs()).toBeGreaterThan(150);
    controller.sample(now, { bufferedEndS: 0.1, currentTimeS: 0 });
    expect(controller.jitterMs()).toBe(0);
  });
});

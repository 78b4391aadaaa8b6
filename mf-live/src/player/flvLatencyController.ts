/**
 * How much buffer the HTTP-FLV player keeps, and how it gets back to it (issue 37: glass-to-glass
 * p95 <= 250 ms with no stall over 5 minutes).
 *
 * A fixed buffer is either too big on a steady network (every viewer pays latency for jitter they
 * do not have) or too small on a jittery one (stalls). This controller measures the jitter and
 * keeps the buffer just above it:
 *
 * - **Jitter.** Every time the buffered end grows, media arrived; the earliest of it starts at the
 *   previous buffered end. `now − previous end` is that arrival's offset between the wall clock
 *   and the media clock: constant when media arrives exactly in time, larger when it is late (a
 *   frame the network held, and the ones it held back behind it, arrive together, late). Lateness = offset − the smallest offset of the window
 *   (the best arrival lately; the window also absorbs clock drift). The jitter is the largest
 *   lateness of the window: a frame that late would have found an empty buffer under a smaller one.
 * - **Target.** jitter + a margin, within [minTargetMs, maxTargetMs]. It rises at once with a late
 *   arrival and comes down only when that arrival leaves the window.
 * - **Getting there by playback rate, never by jumping.** More buffered than target + hysteresis:
 *   play faster (1 + gain × excess, at most maxRate, inaudible with the pitch kept) until back
 *   within half the hysteresis of the target. Less than half the target: play slightly slower (minRate) until back at target, so a
 *   thin buffer refills instead of running dry. The only seeks: skipping the GOP cache burst
 *   before the first `startSkipWithinS` of playback (nothing shown is skipped), and a page that
 *   comes back from the background more than `farBehindMs` behind.
 *
 * Pure logic (no DOM): `engines.ts` samples the <video> every `SAMPLE_MS` and applies the
 * decision; `pnpm bench:video`'s viewer page runs this same class (it is self-contained for that
 * reason: no imports, nothing read from outside the class but its settings).
 */

export interface AdaptiveLatencySettings {
  /** The buffer never aims lower (a couple of frames). */
  minTargetMs: number;
  /** Nor higher, whatever the jitter (then a stall is better than seconds of delay). */
  maxTargetMs: number;
  /** Added to the measured jitter. */
  marginMs: number;
  /** Arrivals over this long make the jitter figure. */
  jitterWindowMs: number;
  /** Catch up once the buffer is this much over target. */
  hysteresisMs: number;
  /** Faster playback per second of excess buffer (0.2: 500 ms over → 1.1). */
  rateGainPerSecond: number;
  maxRate: number;
  /** While the buffer is under half its target. */
  minRate: number;
  /** Within this much media time of the start, the initial burst is skipped by a seek. */
  startSkipWithinS: number;
  /** Further behind than this (a page back from the background), a seek to the target. */
  farBehindMs: number;
  /**
   * Arrivals this soon after the first (or after a seek) are not jitter: the server's GOP cache
   * comes in one burst, early by up to a GOP, and would read as a GOP of jitter.
   */
  settleMs: number;
}

export interface LatencyDecision {
  /** The playback rate to set. */
  rate: number;
  /** A media time to seek to (rare: see the class comment), or null. */
  seekTo: number | null;
  /** The buffer the controller aims at now, ms. */
  targetMs: number;
  /** The buffer ahead of the picture now, ms. */
  aheadMs: number;
}

/** What the controller reads from the <video>: the end of the buffered range that holds the picture, and the picture's time. */
export interface BufferReading {
  bufferedEndS: number;
  currentTimeS: number;
}

export class FlvLatencyController {
  private readonly settings: AdaptiveLatencySettings;
  /** Arrivals of the window: wall time and offset (ms), oldest first, in a ring. */
  private readonly arrivalAt: Float64Array;
  private readonly arrivalOffset: Float64Array;
  private first: number;
  private count: number;
  private lastBufferedEndS: number;
  private mode: 'steady' | 'catching-up' | 'refilling';
  private rate: number;
  private firstTimeS: number | null;
  /** The start's skip is done (it happens once: a second one would only freeze the picture). */
  private startSkipped: boolean;
  /** Wall time from which arrivals count as jitter (null: at the next arrival + settleMs). */
  private countFrom: number | null;

  constructor(settings: AdaptiveLatencySettings, capacity = 512) {
    this.settings = settings;
    this.arrivalAt = new Float64Array(capacity);
    this.arrivalOffset = new Float64Array(capacity);
    this.first = 0;
    this.count = 0;
    this.lastBufferedEndS = -1;
    this.mode = 'steady';
    this.rate = 1;
    this.firstTimeS = null;
    this.countFrom = null;
    this.startSkipped = false;
  }

  /** The jitter measured over the window, ms (0 before two arrivals). */
  jitterMs(): number {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < this.count; i += 1) {
      const offset = this.arrivalOffset[(this.first + i) % this.arrivalOffset.length] as number;
      if (offset < min) min = offset;
      if (offset > max) max = offset;
    }
    return this.count < 2 ? 0 : max - min;
  }

  targetMs(): number {
    const { minTargetMs, maxTargetMs, marginMs } = this.settings;
    return Math.min(maxTargetMs, Math.max(minTargetMs, this.jitterMs() + marginMs));
  }

  /** One reading of the <video> at wall time `nowMs`: what to do now. */
  sample(nowMs: number, reading: BufferReading): LatencyDecision {
    const { bufferedEndS, currentTimeS } = reading;
    if (bufferedEndS < this.lastBufferedEndS - 1) this.reset(); // media time went back: a new stream on the element
    if (bufferedEndS > this.lastBufferedEndS + 0.001) {
      this.countFrom ??= nowMs + this.settings.settleMs;
      // The earliest media of what arrived starts where the buffer ended: its lateness is what
      // could have stalled the picture (one TCP stream: a held frame holds the ones behind it).
      if (nowMs >= this.countFrom && this.lastBufferedEndS >= 0) this.arrived(nowMs, nowMs - this.lastBufferedEndS * 1000);
    }
    this.lastBufferedEndS = bufferedEndS;
    this.forgetBefore(nowMs - this.settings.jitterWindowMs);
    const s = this.settings;
    const targetMs = this.targetMs();
    const aheadMs = Math.max(0, (bufferedEndS - currentTimeS) * 1000);
    this.firstTimeS ??= currentTimeS;
    const starting = !this.startSkipped && currentTimeS - this.firstTimeS < s.startSkipWithinS;
    if ((starting && aheadMs > targetMs + s.hysteresisMs) || aheadMs > s.farBehindMs) {
      this.mode = 'steady';
      this.rate = 1;
      this.startSkipped = true;
      // What arrived before the seek measured the burst or the background, not the network.
      this.count = 0;
      this.countFrom = nowMs + s.settleMs;
      return { rate: 1, seekTo: bufferedEndS - targetMs / 1000, targetMs, aheadMs };
    }
    if (aheadMs > targetMs + s.hysteresisMs) this.mode = 'catching-up';
    else if (aheadMs < targetMs / 2) this.mode = 'refilling';
    // Catching up ends half the hysteresis over target: the buffer's level saws by a frame between
    // arrivals, so its low points are then at the target.
    else if ((this.mode === 'catching-up' && aheadMs <= targetMs + s.hysteresisMs / 2) || (this.mode === 'refilling' && aheadMs >= targetMs)) this.mode = 'steady';
    if (this.mode === 'catching-up') this.rate = Math.min(s.maxRate, 1 + (s.rateGainPerSecond * (aheadMs - targetMs)) / 1000);
    else if (this.mode === 'refilling') this.rate = s.minRate;
    else this.rate = 1;
    return { rate: Math.round(this.rate * 1000) / 1000, seekTo: null, targetMs, aheadMs };
  }

  private arrived(nowMs: number, offsetMs: number): void {
    const capacity = this.arrivalAt.length;
    if (this.count === capacity) {
      this.first = (this.first + 1) % capacity;
      this.count -= 1;
    }
    const at = (this.first + this.count) % capacity;
    this.arrivalAt[at] = nowMs;
    this.arrivalOffset[at] = offsetMs;
    this.count += 1;
  }

  private forgetBefore(cutoffMs: number): void {
    // Keeps the newest arrival whatever its age: a stream that stopped still has an offset.
    while (this.count > 1 && (this.arrivalAt[this.first] as number) < cutoffMs) {
      this.first = (this.first + 1) % this.arrivalAt.length;
      this.count -= 1;
    }
  }

  private reset(): void {
    this.first = 0;
    this.count = 0;
    this.mode = 'steady';
    this.rate = 1;
    this.firstTimeS = null;
    this.countFrom = null;
    this.startSkipped = false;
    this.lastBufferedEndS = -1;
  }
}

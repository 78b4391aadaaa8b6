import { describe, expect, it, vi } from 'vitest';
import { createWebAudioWhistle } from './whistle';

/** Just enough of the Web Audio API to see what the whistle schedules. */
class FakeParam {
  value = 0;
  readonly events: Array<[string, number, number?]> = [];
  setValueAtTime(value: number, at: number) {
    this.events.push(['set', at, value]);
  }
  linearRampToValueAtTime(value: number, at: number) {
    this.events.push(['ramp', at, value]);
  }
  cancelScheduledValues(at: number) {
    this.events.push(['cancel', at]);
  }
}
class FakeNode {
  connect = vi.fn((next: FakeNode) => next);
  disconnect = vi.fn();
}
class FakeOscillator extends FakeNode {
  type = 'sine';
  frequency = new FakeParam();
  start = vi.fn();
  stop = vi.fn();
}
class FakeGain extends FakeNode {
  gain = new FakeParam();
}
class FakeAudioContext {
  static made = 0;
  state = 'suspended';
  currentTime = 10;
  destination = new FakeNode();
  oscillators: FakeOscillator[] = [];
  gains: FakeGain[] = [];
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  constructor() {
    FakeAudioContext.made += 1;
  }
  createOscillator() {
    const oscillator = new FakeOscillator();
    this.oscillators.push(oscillator);
    return oscillator;
  }
  createGain() {
    const gain = new FakeGain();
    this.gains.push(gain);
    return gain;
  }
}

describe('the Web Audio whistle', () => {
  it('schedules a 6 s oscillator pattern, resumes a suspended context, and stops on demand', () => {
    let context: FakeAudioContext | undefined;
    const Impl = class extends FakeAudioContext {
      constructor() {
        super();
        context = this;
      }
    };
    const start = createWebAudioWhistle(Impl as unknown as new () => AudioContext);
    const stop = start();
    const audio = context as FakeAudioContext;
    expect(audio.resume).toHaveBeenCalled();
    expect(audio.oscillators).toHaveLength(2);
    for (const oscillator of audio.oscillators) {
      const [[startAt]] = oscillator.start.mock.calls as [[number]];
      const [[stopAt]] = oscillator.stop.mock.calls as [[number]];
      expect(stopAt - startAt).toBeCloseTo(6, 5);
    }
    const gate = audio.gains.find((gain) => gain.gain.events.some(([kind]) => kind === 'ramp')) as FakeGain;
    const lastRamp = gate.gain.events.filter(([kind]) => kind === 'ramp').at(-1) as [string, number, number];
    expect(lastRamp[1] - 10).toBeLessThanOrEqual(6.02);
    expect(lastRamp[2]).toBe(0);

    stop();
    stop();
    for (const oscillator of audio.oscillators) expect(oscillator.stop).toHaveBeenCalledTimes(2);
    expect(gate.disconnect).toHaveBeenCalledTimes(1);
  });

  it('keeps one AudioContext for the page', () => {
    FakeAudioContext.made = 0;
    const start = createWebAudioWhistle(FakeAudioContext as unknown as new () => AudioContext);
    start()();
    start()();
    expect(FakeAudioContext.made).toBe(1);
  });

  it('does nothing where there is no Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(() => createWebAudioWhistle()()()).not.toThrow();
    vi.unstubAllGlobals();
  });
});

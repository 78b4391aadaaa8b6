import { WHISTLE_DURATION_MS } from '@sports/shared';

/** Stops a whistle that is playing (safe to call more than once). */
export type StopWhistle = () => void;

/** Starts the whistle sound and answers how to stop it. Injected, so tests observe it without audio. */
export type StartWhistle = () => StopWhistle;

/** The referee's whistle, in seconds from the start: short, short, long, repeated to fill 6 s. */
const BLASTS: ReadonlyArray<readonly [start: number, end: number]> = [
  [0, 0.3],
  [0.45, 0.75],
  [0.9, 2.0],
  [2.4, 2.7],
  [2.85, 3.15],
  [3.3, 4.4],
  [4.8, 5.1],
  [5.25, 5.95],
];
/** A pea whistle: a high tone warbled fast by the pea. */
const TONE_HZ = 2_900;
const WARBLE_HZ = 28;
const WARBLE_DEPTH_HZ = 180;
const VOLUME = 0.18;
const RAMP_S = 0.015;

type AudioContextClass = new () => AudioContext;

/**
 * The whistle made with the Web Audio API (no audio file): an oscillator at TONE_HZ, frequency
 * modulated by a second one, gated into the BLASTS pattern over WHISTLE_DURATION_MS. One
 * AudioContext is made on first use and kept: browsers limit how many a page may open.
 */
export function createWebAudioWhistle(AudioContextImpl?: AudioContextClass): StartWhistle {
  let context: AudioContext | null = null;
  return () => {
    const Impl = AudioContextImpl ?? (globalThis as { AudioContext?: AudioContextClass }).AudioContext;
    if (Impl === undefined) return () => undefined;
    context ??= new Impl();
    const audio = context;
    // A page that has not been interacted with starts suspended; resuming may be refused (autoplay policy).
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);

    const start = audio.currentTime + 0.02;
    const end = start + WHISTLE_DURATION_MS / 1000;
    const tone = audio.createOscillator();
    tone.type = 'sine';
    tone.frequency.value = TONE_HZ;
    const warble = audio.createOscillator();
    warble.frequency.value = WARBLE_HZ;
    const warbleDepth = audio.createGain();
    warbleDepth.gain.value = WARBLE_DEPTH_HZ;
    warble.connect(warbleDepth).connect(tone.frequency);

    const gate = audio.createGain();
    gate.gain.setValueAtTime(0, start);
    for (const [from, to] of BLASTS) {
      gate.gain.setValueAtTime(0, start + from);
      gate.gain.linearRampToValueAtTime(VOLUME, start + from + RAMP_S);
      gate.gain.setValueAtTime(VOLUME, start + to - RAMP_S);
      gate.gain.linearRampToValueAtTime(0, start + to);
    }
    tone.connect(gate).connect(audio.destination);
    tone.start(start);
    warble.start(start);
    tone.stop(end);
    warble.stop(end);

    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const now = audio.currentTime;
      gate.gain.cancelScheduledValues(now);
      gate.gain.setValueAtTime(0, now);
      try {
        tone.stop();
        warble.stop();
      } catch {
        // Already stopped by its schedule.
      }
      gate.disconnect();
    };
  };
}

import type { EngineCallbacks, EngineSet, StartEngine } from '../player/engines';
import type { EngineKind, PlaybackCapabilities } from '../player/playbackPlan';

/** A started fake engine: the test plays the stream's part (frames, end, failure). */
export interface FakeEngineRun {
  kind: EngineKind;
  url: string;
  video: HTMLVideoElement;
  callbacks: EngineCallbacks;
  destroyed: boolean;
  /** The first frame shows: the video fires 'playing'. */
  play: () => void;
  /** What the engine says its picture's delay is (null: not known yet). */
  delayMs: number | null;
}

/**
 * Player engines for unit tests (jsdom has no MediaSource): each start is recorded; `failing`
 * kinds reject at start like an unsupported browser would.
 */
export function createFakeEngines(failing: EngineKind[] = []) {
  const runs: FakeEngineRun[] = [];
  const make = (kind: EngineKind): StartEngine => async (video, url, callbacks) => {
    if (failing.includes(kind)) throw new Error(`${kind} unsupported`);
    const run: FakeEngineRun = {
      kind,
      url,
      video,
      callbacks,
      destroyed: false,
      play: () => video.dispatchEvent(new Event('playing')),
      delayMs: null,
    };
    runs.push(run);
    return { destroy: () => void (run.destroyed = true), delayMs: () => run.delayMs };
  };
  const engines: EngineSet = { flv: make('flv'), hls: make('hls'), 'native-hls': make('native-hls') };
  return { engines, runs, live: () => runs.filter((run) => !run.destroyed) };
}

export const MSE_CAPABLE: PlaybackCapabilities = { mse: true, nativeHls: false };

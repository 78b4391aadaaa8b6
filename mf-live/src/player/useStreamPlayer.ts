import { useCallback, useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import { backoffDelay, type BackoffOptions } from '@sports/shared';
import { browserEngines, type EngineSet, type StreamEngine } from './engines';
import { choosePlaybackPlan, probeCapabilities, type PlaybackAttempt, type PlaybackCapabilities, type PlaybackUrls } from './playbackPlan';

/**
 * offline: the room has not broadcast yet (未开播); paused: the push dropped, the room is open
 * (主播暂时离开); ended: the anchor ended the room (直播已结束); connecting: first try of this
 * stream; playing: frames are showing; reconnecting: the stream dropped or failed, retrying with
 * backoff; stopped: it kept failing, no more requests until the room says live again or the
 * viewer retries; unsupported: this browser can play none of the offered formats.
 */
export type PlayerState = 'offline' | 'paused' | 'ended' | 'connecting' | 'playing' | 'reconnecting' | 'stopped' | 'unsupported';

/** The room's state as the page knows it (room info's room_state, then the chat's state lines). */
export type RoomStateForPlayer = 'live' | 'paused' | 'ended' | 'idle';

/** Retries after a drop: 1 s, 2 s, 4 s … capped at 10 s, so a returning stream shows within seconds. */
export const PLAYER_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 10_000, factor: 2, jitter: 0.3 };
/** A playing video whose time has not moved for this long is treated as a dropped stream. */
export const STALL_TIMEOUT_MS = 12_000;
/**
 * An engine that has shown no frame this long after it started gives way to the next one (HLS):
 * an FLV stream the player cannot start (a media server announcing a track the encoder does not
 * send) plays from the HLS ffmpeg made of it instead of retrying FLV for ever.
 */
export const START_TIMEOUT_MS = 8_000;
const STALL_CHECK_MS = 3_000;
/**
 * Attempts in a row that showed no frame (404s, network errors) before the player stops asking:
 * with the backoff about 25 s. The room's state (a live line from the chat, or room info) or the
 * viewer's 重新连接 starts it again.
 */
export const MAX_FAILED_ROUNDS = 5;

export interface StreamPlayerOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  urls: PlaybackUrls | null;
  /** The room says a push is live (room info's stream state, kept current by the chat's state lines). */
  streamLive: boolean;
  /** What to say while not live: paused (主播暂时离开), ended (直播已结束), else 未开播. */
  roomState?: RoomStateForPlayer;
  /** Called when the playing stream ended or failed: the page refreshes room info. */
  onStreamDropped?: () => void;
  /** Tests inject fake engines and capabilities; the page uses the real, lazily loaded ones. */
  engines?: EngineSet;
  capabilities?: PlaybackCapabilities;
  /** Set to the running engine (null when none): the delay measurement asks it. */
  engineRef?: MutableRefObject<StreamEngine | null>;
}

interface Run {
  plan: PlaybackAttempt[];
  engine: StreamEngine | null;
  /** Bumped at every start: callbacks of an engine from an older start are ignored. */
  generation: number;
  failures: number;
  /** The plan's attempt running now, and whether it has shown a frame. */
  attempt: number;
  played: boolean;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  disposed: boolean;
}

/**
 * Plays a room's stream into `videoRef` while the room is live: HTTP-FLV first, then HLS; when
 * the stream drops, tears the engine down and retries with backoff until the room goes offline.
 * Every engine is destroyed on unmount or when the room goes offline (no players left behind).
 */
export function useStreamPlayer({ videoRef, urls, streamLive, roomState, onStreamDropped, engines = browserEngines, capabilities, engineRef }: StreamPlayerOptions): StreamPlayer {
  const idle = idleState(roomState);
  const [state, setState] = useState<PlayerState>(streamLive ? 'connecting' : idle);
  // Bumped by retry(): the viewer asks a stopped player to try again.
  const [attempt, setAttempt] = useState(0);
  const dropped = useRef(onStreamDropped);
  dropped.current = onStreamDropped;
  const flv = urls?.flv ?? '';
  const hls = urls?.hls ?? null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !streamLive || !flv) {
      setState(idle);
      return;
    }
    const plan = choosePlaybackPlan({ flv, hls }, capabilities ?? probeCapabilities(video));
    if (plan.length === 0) {
      setState('unsupported');
      return;
    }
    const run: Run = { plan, engine: null, generation: 0, failures: 0, attempt: 0, played: false, retryTimer: undefined, disposed: false };
    let lastProgressAt = Date.now();
    let lastTime = -1;

    const stopEngine = () => {
      run.engine?.destroy();
      run.engine = null;
      if (engineRef) engineRef.current = null;
    };

    const retryLater = () => {
      run.generation += 1;
      clearTimeout(run.retryTimer);
      stopEngine();
      dropped.current?.();
      run.failures += 1;
      if (run.failures >= MAX_FAILED_ROUNDS) {
        // Not for ever: the stream is not there. The room's next live state (or 重新连接) restarts.
        setState('stopped');
        return;
      }
      setState('reconnecting');
      const delay = backoffDelay(run.failures - 1, PLAYER_BACKOFF, Math.random);
      run.retryTimer = setTimeout(() => start(0), delay);
    };

    const start = (index: number) => {
      if (run.disposed) return;
      const attempt = run.plan[index];
      if (!attempt) {
        retryLater();
        return;
      }
      const generation = (run.generation += 1);
      run.attempt = index;
      run.played = false;
      const current = () => !run.disposed && generation === run.generation;
      setState((previous) => (previous === 'playing' || previous === 'reconnecting' ? 'reconnecting' : 'connecting'));
      lastProgressAt = Date.now();
      const callbacks = {
        onEnded: () => current() && retryLater(),
        onFatal: () => {
          if (!current()) return;
          stopEngine();
          start(index + 1);
        },
      };
      engines[attempt.kind](video, attempt.url, callbacks)
        .then((engine) => {
          if (!current()) return engine.destroy();
          run.engine = engine;
          if (engineRef) engineRef.current = engine;
        })
        .catch(() => callbacks.onFatal());
    };

    const onPlaying = () => {
      if (run.disposed) return;
      run.failures = 0;
      run.played = true;
      lastProgressAt = Date.now();
      setState('playing');
    };
    const onTimeUpdate = () => {
      if (video.currentTime === lastTime) return;
      lastTime = video.currentTime;
      lastProgressAt = Date.now();
    };
    // A stream can hang without an error (the connection stays open, no data): treat a long
    // stall of a playing video as a drop.
    const stallCheck = setInterval(() => {
      if (!run.engine || video.paused) return;
      const still = Date.now() - lastProgressAt;
      if (!run.played && still > START_TIMEOUT_MS && run.attempt + 1 < run.plan.length) {
        stopEngine();
        start(run.attempt + 1);
      } else if (still > STALL_TIMEOUT_MS) retryLater();
    }, STALL_CHECK_MS);

    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTimeUpdate);
    video.removeAttribute('poster');
    start(0);
    return () => {
      run.disposed = true;
      clearTimeout(run.retryTimer);
      clearInterval(stallCheck);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTimeUpdate);
      // The room went offline (or the page leaves): the last picture stays as the poster under the notice.
      if (run.played) keepLastFrame(video);
      stopEngine();
    };
    // `idle` is left out on purpose: a change of it alone must not restart a playing stream.
  }, [videoRef, streamLive, flv, hls, engines, capabilities, engineRef, attempt]);

  // Not live: the notice follows the room's state (paused ↔ ended) without touching any engine.
  useEffect(() => {
    if (!streamLive) setState(idle);
  }, [streamLive, idle]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}

export interface StreamPlayer {
  state: PlayerState;
  /** A stopped player tries again (重新连接). */
  retry: () => void;
}

function idleState(roomState: RoomStateForPlayer | undefined): PlayerState {
  if (roomState === 'paused') return 'paused';
  if (roomState === 'ended') return 'ended';
  return 'offline';
}

/** Draws the picture on screen into the video's poster (kept when the engine lets the video go). */
function keepLastFrame(video: HTMLVideoElement): void {
  try {
    if (video.videoWidth === 0 || video.videoHeight === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    video.poster = canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    // A picture the browser will not hand over: the notice shows on black.
  }
}

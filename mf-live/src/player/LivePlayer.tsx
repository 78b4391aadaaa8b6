import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { Button, type LastReplay, type PlatformEventBus, type RoomDvr } from '@sports/shared';
import { replayHref } from '../clips/clipCopy';
import { playerCopy } from '../messages';
import { startReplayEngine, type EngineSet, type StartEngine, type StreamEngine } from './engines';
import { TimeShiftBar, timeShiftCopy } from './TimeShiftBar';
import type { PlaybackCapabilities, PlaybackUrls } from './playbackPlan';
import { usePlayerDelayEvents } from './usePlayerDelayEvents';
import { useStreamPlayer, type PlayerState, type RoomStateForPlayer } from './useStreamPlayer';

/** The video and, right under it, a dark control strip (the state, the danmaku settings), as players look. */
const Region = styled.section`
  display: flex;
  flex-direction: column;
`;

const VideoBox = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.medium} ${({ theme }) => theme.radius.medium} 0 0;
  background: #000;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    border-radius: 0;
  }

  video {
    width: 100%;
    height: 100%;
    display: block;
  }
`;

const Curtain = styled.p`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  margin: 0;
  color: #fff;
  background: rgb(0 0 0 / 60%);
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 4px 10px;
  background: ${({ theme }) => theme.colors.navBackground};
  color: ${({ theme }) => theme.colors.textInverse};
`;

const StateBadge = styled.span`
  padding: 2px 10px;
  border-radius: 999px;
  color: ${({ theme }) => theme.colors.textInverse};
  background: ${({ theme }) => theme.colors.textMuted};
  &[data-state='playing'] {
    background: ${({ theme }) => theme.colors.brand};
  }
`;

export interface LivePlayerProps {
  title: string;
  urls: PlaybackUrls | null;
  streamLive: boolean;
  /** The room's state (room info's room_state, kept current by the chat): what to say while not live. */
  roomState?: RoomStateForPlayer;
  onStreamDropped?: () => void;
  /** Laid over the video (the danmaku layer). */
  overlay?: ReactNode;
  /** Beside the state badge (danmaku settings). */
  controls?: ReactNode;
  engines?: EngineSet;
  capabilities?: PlaybackCapabilities;
  /** With the event bus: the player says its delay behind the live moment (`player:delay`). */
  roomId?: number;
  /** The match the room shows (the score-live room); null or left out: none. */
  matchId?: number | null;
  eventBus?: PlatformEventBus;
  /** The room's time-shift window (room info's `dvr`, issue 34): 回看 under the player; null or left out: none. */
  dvr?: RoomDvr | null;
  /** The engine that plays the DVR playlist (tests pass a fake). */
  dvrEngine?: StartEngine;
  /** While paused or ended: the last broadcast's replay (room info's `last_replay`), linked under the notice. */
  lastReplay?: LastReplay | null;
}

/**
 * The room's video: plays while the room is live, says offline when it is not, reconnects by
 * itself. Muted at first so browsers allow autoplay; one button turns the sound on.
 */
export function LivePlayer({ title, urls, streamLive, roomState, onStreamDropped, overlay, controls, engines, capabilities, roomId, matchId = null, eventBus, dvr = null, dvrEngine = startReplayEngine, lastReplay = null }: LivePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const engineRef = useRef<StreamEngine | null>(null);
  const [muted, setMuted] = useState(true);
  const shift = useTimeShift(videoRef, dvr, dvrEngine);
  // 回看 takes the video from the live stream (an FLV viewer moves to the DVR's HLS) and gives it back at 回到直播.
  const { state, retry } = useStreamPlayer({ videoRef, urls, streamLive: streamLive && !shift.shifted, roomState, onStreamDropped, engines, capabilities, engineRef });
  // Spoiler-free: behind the live moment the picture's delay is the time-shift's (scores wait for it).
  const delayRef = useMemo<RefObject<StreamEngine | null>>(() => ({ get current() { return shift.shiftedRef.current ? shift.engineRef.current : engineRef.current; } }), [shift.shiftedRef, shift.engineRef]);
  const delayMs = usePlayerDelayEvents({ playing: state === 'playing' || shift.shifted, engineRef: delayRef, roomId, matchId, eventBus });

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  return (
    <Region aria-label={playerCopy.region}>
      <VideoBox data-testid="live-video-box" data-delay-ms={delayMs ?? undefined}>
        <video ref={videoRef} aria-label={playerCopy.video(title)} data-testid="live-video" autoPlay muted playsInline />
        {overlay}
        {state !== 'playing' && !shift.shifted && (
          <Curtain data-testid="live-curtain" data-state={state}>
            {curtainText(state)}
            {(state === 'ended' || state === 'paused') && lastReplay !== null && (
              <a href={replayHref(lastReplay.replay_id)} data-testid="live-last-replay" style={{ marginLeft: 12, color: '#fff', textDecoration: 'underline' }}>
                {playerCopy.lastReplay}
              </a>
            )}
            {state === 'stopped' && (
              <Button type="button" onClick={retry} style={{ marginLeft: 12 }}>
                {playerCopy.retry}
              </Button>
            )}
          </Curtain>
        )}
      </VideoBox>
      <Bar>
        <StateBadge role="status" data-testid="live-state" data-state={shift.shifted ? 'shifted' : state}>
          {shift.shifted ? timeShiftCopy.shifted : playerCopy.state[state]}
        </StateBadge>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="button" aria-pressed={!muted} onClick={() => setMuted((value) => !value)}>
            {muted ? playerCopy.unmute : playerCopy.mute}
          </Button>
          {controls}
        </div>
      </Bar>
      {dvr && (streamLive || shift.shifted) && (
        <TimeShiftBar windowMs={shift.windowMs} positionMs={shift.positionMs} shifted={shift.shifted} markers={dvr.markers} onSeek={shift.seek} onLive={shift.backToLive} />
      )}
    </Region>
  );
}

function curtainText(state: PlayerState): string {
  switch (state) {
    case 'offline':
      return playerCopy.offlineCurtain;
    case 'paused':
      return playerCopy.pausedCurtain;
    case 'ended':
      return playerCopy.endedCurtain;
    case 'stopped':
      return playerCopy.stoppedCurtain;
    default:
      return playerCopy.state[state];
  }
}

/**
 * The room's time-shift (回看) over room info's `dvr`: `seek(ms from the window's start)` moves the
 * page's <video> from the live stream to the DVR playlist (hls.js, started once, then seeks within
 * it), `backToLive()` gives the video back to the live stream. While behind, its engine says the
 * picture's delay (now − (window start + current time)), so spoiler-free holds go on.
 */
function useTimeShift(videoRef: RefObject<HTMLVideoElement | null>, dvr: RoomDvr | null, engine: StartEngine) {
  const [shifted, setShifted] = useState(false);
  const shiftedRef = useRef(false);
  shiftedRef.current = shifted;
  const engineRef = useRef<StreamEngine | null>(null);
  const pendingSeekMs = useRef(0);
  const [now, setNow] = useState(() => Date.now());
  const [currentMs, setCurrentMs] = useState(0);
  const windowStart = dvr ? Date.parse(dvr.window_start_at) : Number.NaN;
  const windowMs = Number.isNaN(windowStart) ? 0 : Math.max(0, now - windowStart);
  const url = dvr?.playlist_url ?? null;

  // The window grows with the live moment: its length is read again every second.
  useEffect(() => {
    if (!dvr) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [dvr]);

  useEffect(() => {
    const video = videoRef.current;
    if (!shifted || !video || url === null) return;
    let stopped = false;
    let running: { destroy: () => void } | null = null;
    const seekOnce = () => {
      video.currentTime = pendingSeekMs.current / 1_000;
      try {
        void Promise.resolve(video.play()).catch(() => undefined);
      } catch {
        // jsdom: no play().
      }
    };
    const onTime = () => setCurrentMs(video.currentTime * 1_000);
    video.addEventListener('loadedmetadata', seekOnce, { once: true });
    video.addEventListener('timeupdate', onTime);
    engine(video, url, { onEnded: () => undefined, onFatal: () => !stopped && setShifted(false) }).then(
      (started) => {
        if (stopped) return started.destroy();
        running = started;
        engineRef.current = {
          destroy: started.destroy,
          delayMs: () => (Number.isNaN(windowStart) ? null : Math.max(0, Date.now() - (windowStart + video.currentTime * 1_000))),
        };
      },
      () => !stopped && setShifted(false),
    );
    return () => {
      stopped = true;
      video.removeEventListener('loadedmetadata', seekOnce);
      video.removeEventListener('timeupdate', onTime);
      running?.destroy();
      engineRef.current = null;
    };
  }, [shifted, url, engine, videoRef, windowStart]);

  const seek = (atMs: number) => {
    setCurrentMs(atMs);
    if (shiftedRef.current && videoRef.current) {
      videoRef.current.currentTime = atMs / 1_000;
      return;
    }
    pendingSeekMs.current = atMs;
    setShifted(true);
  };
  const backToLive = () => setShifted(false);
  return { shifted, shiftedRef, engineRef, windowMs, positionMs: shifted ? currentMs : windowMs, seek, backToLive };
}

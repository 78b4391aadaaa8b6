import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, type PlatformEventBus } from '@sports/shared';
import { playerCopy } from '../messages';
import type { EngineSet, StreamEngine } from './engines';
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
}

/**
 * The room's video: plays while the room is live, says offline when it is not, reconnects by
 * itself. Muted at first so browsers allow autoplay; one button turns the sound on.
 */
export function LivePlayer({ title, urls, streamLive, roomState, onStreamDropped, overlay, controls, engines, capabilities, roomId, matchId = null, eventBus }: LivePlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const engineRef = useRef<StreamEngine | null>(null);
  const [muted, setMuted] = useState(true);
  const { state, retry } = useStreamPlayer({ videoRef, urls, streamLive, roomState, onStreamDropped, engines, capabilities, engineRef });
  const delayMs = usePlayerDelayEvents({ playing: state === 'playing', engineRef, roomId, matchId, eventBus });

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  return (
    <Region aria-label={playerCopy.region}>
      <VideoBox data-testid="live-video-box" data-delay-ms={delayMs ?? undefined}>
        <video ref={videoRef} aria-label={playerCopy.video(title)} data-testid="live-video" autoPlay muted playsInline />
        {overlay}
        {state !== 'playing' && (
          <Curtain data-testid="live-curtain" data-state={state}>
            {curtainText(state)}
            {state === 'stopped' && (
              <Button type="button" onClick={retry} style={{ marginLeft: 12 }}>
                {playerCopy.retry}
              </Button>
            )}
          </Curtain>
        )}
      </VideoBox>
      <Bar>
        <StateBadge role="status" data-testid="live-state" data-state={state}>
          {playerCopy.state[state]}
        </StateBadge>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="button" aria-pressed={!muted} onClick={() => setMuted((value) => !value)}>
            {muted ? playerCopy.unmute : playerCopy.mute}
          </Button>
          {controls}
        </div>
      </Bar>
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

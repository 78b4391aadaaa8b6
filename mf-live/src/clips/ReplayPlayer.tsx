import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, type MediaMarker } from '@sports/shared';
import { startReplayEngine, type StartEngine } from '../player/engines';
import { clipCopy } from './clipCopy';
import { VideoFrame } from './mediaPageUi';


/** The seek bar's markers: dots along the broadcast (decoration) and, under it, a button per event. */
const Markers = styled.div`
  margin-top: 8px;

  .track {
    position: relative;
    height: 8px;
    margin: 4px 0 8px;
    border-radius: 4px;
    background: ${({ theme }) => theme.colors.border};
  }
  .dot {
    position: absolute;
    top: -2px;
    width: 12px;
    height: 12px;
    margin-left: -6px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.brand};
  }
  .dot[data-kind='red_card'] {
    background: ${({ theme }) => theme.colors.danger};
  }
  .played {
    position: absolute;
    top: 0;
    left: 0;
    bottom: 0;
    border-radius: 4px;
    background: ${({ theme }) => theme.colors.brandDark};
    opacity: 0.35;
  }
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Failed = styled.p`
  margin: 0;
  padding: 24px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export interface ReplayPlayerProps {
  playlistUrl: string;
  poster: string | null;
  title: string;
  durationMs: number;
  markers: readonly MediaMarker[];
  /** The HLS engine (tests pass a fake: jsdom has no MediaSource). */
  engine?: StartEngine;
}

/**
 * A broadcast's replay: the VOD playlist through hls.js (the live player's lazily loaded chunk;
 * native HLS on an iPhone), the browser's controls, and the match's events on a seek bar: each a
 * named button (跳到 67' 进球 曼城 2-1) that seeks there and plays.
 */
export function ReplayPlayer({ playlistUrl, poster, title, durationMs, markers, engine = startReplayEngine }: ReplayPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [playedMs, setPlayedMs] = useState(0);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let stopped = false;
    let running: { destroy: () => void } | null = null;
    engine(video, playlistUrl, { onEnded: () => undefined, onFatal: () => !stopped && setFailed(true) }).then(
      (started) => {
        if (stopped) started.destroy();
        else running = started;
      },
      () => !stopped && setFailed(true),
    );
    return () => {
      stopped = true;
      running?.destroy();
    };
  }, [engine, playlistUrl, attempt]);

  const seek = (atMs: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = atMs / 1_000;
    setPlayedMs(atMs);
    try {
      void Promise.resolve(video.play()).catch(() => undefined);
    } catch {
      // jsdom: no play().
    }
  };
  const total = Math.max(durationMs, 1);
  const percent = (atMs: number) => `${Math.min(100, Math.max(0, (atMs / total) * 100))}%`;

  if (failed) {
    return (
      <VideoFrame>
        <Failed role="alert">
          {clipCopy.unavailable}{' '}
          <Button
            size="small"
            onClick={() => {
              setFailed(false);
              setAttempt((current) => current + 1);
            }}
          >
            {clipCopy.retry}
          </Button>
        </Failed>
      </VideoFrame>
    );
  }
  return (
    <div>
      <VideoFrame>
        <video
          key={attempt}
          ref={videoRef}
          data-testid="replay-player"
          poster={poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={clipCopy.player(title)}
          onTimeUpdate={(event) => setPlayedMs(event.currentTarget.currentTime * 1_000)}
        />
      </VideoFrame>
      {markers.length > 0 && (
        <Markers data-testid="replay-markers">
          <div className="track" aria-hidden="true">
            <span className="played" style={{ width: percent(playedMs) }} />
            {markers.map((marker) => (
              <span key={`${marker.at_ms}-${marker.label}`} className="dot" data-kind={marker.kind} style={{ left: percent(marker.at_ms) }} />
            ))}
          </div>
          <ol aria-label={clipCopy.markers}>
            {markers.map((marker) => (
              <li key={`${marker.at_ms}-${marker.label}`}>
                <Button size="small" variant="ghost" onClick={() => seek(marker.at_ms)} aria-label={clipCopy.seekTo(marker.label)} data-testid="replay-marker" data-at-ms={marker.at_ms}>
                  {marker.label}
                </Button>
              </li>
            ))}
          </ol>
        </Markers>
      )}
    </div>
  );
}

import { useId } from 'react';
import styled from 'styled-components';
import { Button, type MediaMarker } from '@sports/shared';
import { clipCopy } from '../clips/clipCopy';

export const timeShiftCopy = {
  bar: '回看',
  slider: '回看进度',
  live: '回到直播',
  back: (seconds: number) => `后退${seconds}秒`,
  behind: (text: string) => `直播前 ${text}`,
  atLive: '直播中',
  shifted: '回看中',
} as const;

/** The jump of the 后退 button. */
export const SHIFT_STEP_MS = 60_000;
/** Within this of the live edge a seek returns to live instead. */
export const LIVE_EDGE_MS = 10_000;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  padding: 4px 10px 6px;
  background: ${({ theme }) => theme.colors.navBackground};
  color: ${({ theme }) => theme.colors.textInverse};
  font-size: ${({ theme }) => theme.font.small};

  .track {
    position: relative;
    flex: 1;
    min-width: 160px;
    display: flex;
    align-items: center;
  }
  input[type='range'] {
    width: 100%;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.brandOnDark};
  }
  .dot {
    position: absolute;
    top: -4px;
    width: 8px;
    height: 8px;
    margin-left: -4px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.brandOnDark};
    pointer-events: none;
  }
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    width: 100%;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

/** A span as people say it: 1分05秒, 1小时02分. */
export function spanText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1_000));
  const hours = Math.floor(seconds / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (hours > 0) return `${hours}小时${String(minutes).padStart(2, '0')}分`;
  return `${minutes}分${String(seconds % 60).padStart(2, '0')}秒`;
}

export interface TimeShiftBarProps {
  /** How long the DVR window is now (ms from its start to the live moment). */
  windowMs: number;
  /** Where the picture is (ms from the window's start); `windowMs` at the live edge. */
  positionMs: number;
  shifted: boolean;
  markers: readonly MediaMarker[];
  onSeek: (atMs: number) => void;
  onLive: () => void;
}

/**
 * 回看 under the room's player: a seek bar over the DVR window (a labelled slider whose value says
 * how far behind the live moment it is), 后退60秒, the match's events as markers (dots on the bar,
 * buttons to jump), and 回到直播 while behind.
 */
export function TimeShiftBar({ windowMs, positionMs, shifted, markers, onSeek, onLive }: TimeShiftBarProps) {
  const id = useId();
  const max = Math.max(1, Math.round(windowMs / 1_000));
  const value = Math.min(max, Math.max(0, Math.round(positionMs / 1_000)));
  const seek = (atMs: number) => (atMs >= windowMs - LIVE_EDGE_MS ? onLive() : onSeek(Math.max(0, atMs)));
  const behind = Math.max(0, windowMs - positionMs);
  const inWindow = markers.filter((marker) => marker.at_ms <= windowMs);
  return (
    <Row role="group" aria-label={timeShiftCopy.bar} data-testid="time-shift" data-shifted={shifted}>
      <label htmlFor={id}>{shifted ? timeShiftCopy.shifted : timeShiftCopy.bar}</label>
      <span className="track">
        <input
          id={id}
          type="range"
          min={0}
          max={max}
          step={1}
          value={shifted ? value : max}
          aria-valuetext={shifted ? timeShiftCopy.behind(spanText(behind)) : timeShiftCopy.atLive}
          onChange={(event) => seek(Number(event.target.value) * 1_000)}
          data-testid="time-shift-slider"
        />
        {inWindow.map((marker) => (
          <span key={`${marker.at_ms}-${marker.label}`} className="dot" aria-hidden="true" style={{ left: `${(marker.at_ms / Math.max(windowMs, 1)) * 100}%` }} />
        ))}
      </span>
      <Button size="small" onClick={() => seek((shifted ? positionMs : windowMs) - SHIFT_STEP_MS)} data-testid="time-shift-back">
        {timeShiftCopy.back(SHIFT_STEP_MS / 1_000)}
      </Button>
      {shifted && (
        <Button size="small" variant="primary" onClick={onLive} data-testid="time-shift-live">
          {timeShiftCopy.live}
        </Button>
      )}
      {inWindow.length > 0 && (
        <ol aria-label={clipCopy.markers}>
          {inWindow.map((marker) => (
            <li key={`${marker.at_ms}-${marker.label}`}>
              <Button size="small" variant="ghost" onClick={() => seek(marker.at_ms)} aria-label={clipCopy.seekTo(marker.label)} data-testid="time-shift-marker">
                {marker.label}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </Row>
  );
}

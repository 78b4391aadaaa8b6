import { useEffect, useRef, useState, type RefObject } from 'react';
import styled, { keyframes } from 'styled-components';
import type { DanmakuSetting } from '@sports/shared';
import { FanMedalBadge } from '@sports/shared/fanMedals';
import { LevelBadge } from '../ui/LevelBadge';
import { GuardBadge } from '../guards/GuardBadge';
import { DanmakuLanes } from './danmakuLanes';
import { areaShare, fontSizePx, laneCount, laneHeightPx } from './danmakuLevels';

/** A danmaku to fly: its id (seen once), text, whether the viewer sent it (outlined), the sender's level (members). */
export interface DanmakuItem {
  id: string;
  text: string;
  mine: boolean;
  /** The sender's level badge (LV<n>); absent for guests and the system. */
  level?: number;
  /** A styled danmaku's colour (`#rrggbb`) and place (barrage/danmakuStyle.ts); absent: white, scrolling. */
  color?: string;
  position?: 'scroll' | 'top' | 'bottom';
  /** The sender's name (the recent list beside the input shows it). */
  nickname?: string;
  /** The sender's guard badge in this room (1-3); absent when none. */
  guard?: 1 | 2 | 3;
  /** The fan medal the sender wears (medals/senderMedal.ts); absent when none. */
  medal?: { name: string; level: number; lit: boolean };
  /** A member's danmaku: what the room's recent list knows it by (barrage/recentKey.ts), so it shows once. */
  recentKey?: string;
}

/** Seconds an item takes to cross the video. */
export const DANMAKU_FLIGHT_MS = 8_000;
/** At most this many fly at once; the oldest make room (a flood must not freeze the page). */
export const DANMAKU_MAX_ON_SCREEN = 60;
/** The video box's size until it has been measured (jsdom, first frame). */
const DEFAULT_BOX_PX = { width: 640, height: 360 };

const fly = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(calc(-1 * var(--travel) - 100%)); }
`;

const stay = keyframes`
  from { opacity: 1; }
  to { opacity: 1; }
`;

const Layer = styled.div`
  position: absolute;
  inset: 0 0 auto 0;
  overflow: hidden;
  pointer-events: none;
  color: #fff;
  font-weight: bold;
  text-shadow: 0 0 2px #000, 0 0 2px #000;
`;

const Flying = styled.span`
  position: absolute;
  left: 100%;
  white-space: pre;
  animation: ${fly} ${DANMAKU_FLIGHT_MS}ms linear forwards;
  /* Top and bottom danmaku stay centred for the flight's time instead of crossing. */
  &[data-position='top'],
  &[data-position='bottom'] {
    left: 50%;
    transform: translateX(-50%);
    animation: ${stay} ${DANMAKU_FLIGHT_MS / 2}ms linear forwards;
  }
  &[data-mine='true'] {
    outline: 1px solid currentColor;
    padding: 0 4px;
  }
`;

interface Flight extends DanmakuItem {
  lane: number;
}

export interface DanmakuOverlayProps {
  setting: DanmakuSetting;
  /** Every danmaku the room has seen, oldest first; only ids not seen before take off. */
  items: readonly DanmakuItem[];
}

/**
 * Danmaku flying right to left over the video, in the top share of it the settings allow, at the
 * chosen size and opacity. Text goes in as text nodes, never as HTML. Decorative for assistive
 * technology: the same messages are in the chat log.
 */
export function DanmakuOverlay({ setting, items }: DanmakuOverlayProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(DEFAULT_BOX_PX);
  const [flights, setFlights] = useState<Flight[]>([]);
  const lanes = useRef(new DanmakuLanes());
  // What was already there when the room opened is history, not new danmaku: it does not fly.
  const seen = useRef<Set<string> | null>(null);
  seen.current ??= new Set(items.map((item) => item.id));

  useMeasureBox(layerRef, setSize, setting.show);
  lanes.current.resize(laneCount(size.height, setting));

  useEffect(() => {
    const known = seen.current ?? new Set<string>();
    const fresh = items.filter((item) => !known.has(item.id));
    if (fresh.length === 0) return;
    const now = Date.now();
    const speedPxPerMs = size.width / DANMAKU_FLIGHT_MS;
    const launched = fresh.map((item) => {
      known.add(item.id);
      const textWidthPx = item.text.length * fontSizePx(setting) + 24;
      return { ...item, lane: lanes.current.assign(now, textWidthPx / speedPxPerMs) };
    });
    setFlights((current) => [...current, ...launched].slice(-DANMAKU_MAX_ON_SCREEN));
  }, [items, setting, size.width]);

  const land = (id: string) => setFlights((current) => current.filter((flight) => flight.id !== id));
  useLandingFallback(flights, land);

  if (!setting.show) return null;
  const laneHeight = laneHeightPx(setting);
  return (
    <Layer
      ref={layerRef}
      aria-hidden="true"
      data-testid="danmaku-layer"
      style={{ height: `${areaShare(setting) * 100}%`, fontSize: `${fontSizePx(setting)}px`, opacity: setting.opacity / 100, lineHeight: `${laneHeight}px` }}
    >
      {flights.map((flight) => (
        <Flying
          key={flight.id}
          data-testid="danmaku-item"
          data-mine={flight.mine}
          data-position={flight.position ?? 'scroll'}
          style={{ ...placeOf(flight, laneHeight), color: flight.color, ['--travel' as string]: `${size.width}px` }}
          onAnimationEnd={() => land(flight.id)}
        >
          {flight.medal !== undefined && <FanMedalBadge name={flight.medal.name} level={flight.medal.level} lit={flight.medal.lit} />}
          {flight.level !== undefined && <LevelBadge level={flight.level} />}
          {flight.guard !== undefined && <GuardBadge level={flight.guard} />}
          {flight.text}
        </Flying>
      ))}
    </Layer>
  );
}

/** A scrolling danmaku flies in its lane from the top; a bottom one stays in its lane counted from the bottom. */
function placeOf(flight: Flight, laneHeight: number): { top?: string; bottom?: string } {
  return flight.position === 'bottom' ? { bottom: `${flight.lane * laneHeight}px` } : { top: `${flight.lane * laneHeight}px` };
}

/** Keeps the video box's size (lanes and speed depend on it): the box resizes with the page. */
function useMeasureBox(ref: RefObject<HTMLDivElement | null>, onSize: (size: { width: number; height: number }) => void, shown: boolean) {
  useEffect(() => {
    const box = ref.current?.parentElement;
    if (!shown || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth > 0 && box.clientHeight > 0) onSize({ width: box.clientWidth, height: box.clientHeight });
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, onSize, shown]);
}

/** animationend does not fire in a background tab or without CSS animations: land items anyway. */
function useLandingFallback(flights: Flight[], land: (id: string) => void) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    for (const flight of flights) {
      if (timers.current.has(flight.id)) continue;
      timers.current.set(flight.id, setTimeout(() => {
        timers.current.delete(flight.id);
        land(flight.id);
      }, DANMAKU_FLIGHT_MS + 500));
    }
  }, [flights, land]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
}

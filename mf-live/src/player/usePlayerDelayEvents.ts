import { useEffect, useState, type RefObject } from 'react';
import type { PlatformEventBus } from '@sports/shared';
import type { StreamEngine } from './engines';

/** About once a second, as the event bus contract says. */
export const DELAY_EVERY_MS = 1_000;

export interface PlayerDelayEventsOptions {
  /** The picture is moving (the player's state is 'playing'). */
  playing: boolean;
  engineRef: RefObject<StreamEngine | null>;
  roomId: number | undefined;
  matchId: number | null;
  eventBus: PlatformEventBus | undefined;
}

/**
 * While the room's player plays, asks its engine how far the picture is behind the live moment
 * once a second and emits `player:delay` {roomId, matchId, delayMs} on the platform event bus;
 * `player:stopped` when it stops playing (a drop, offline) or leaves the page, once a delay was
 * said. Returns the last delay (the player shows it as a data attribute for tools and tests).
 */
export function usePlayerDelayEvents({ playing, engineRef, roomId, matchId, eventBus }: PlayerDelayEventsOptions): number | null {
  const [lastDelayMs, setLastDelayMs] = useState<number | null>(null);

  useEffect(() => {
    if (!playing || roomId === undefined) return;
    let said = false;
    const timer = setInterval(() => {
      const delayMs = engineRef.current?.delayMs?.() ?? null;
      if (delayMs === null) return;
      said = true;
      setLastDelayMs(delayMs);
      eventBus?.emit('player:delay', { roomId, matchId, delayMs });
    }, DELAY_EVERY_MS);
    return () => {
      clearInterval(timer);
      setLastDelayMs(null);
      if (said) eventBus?.emit('player:stopped', { roomId, matchId });
    };
  }, [playing, engineRef, roomId, matchId, eventBus]);

  return lastDelayMs;
}

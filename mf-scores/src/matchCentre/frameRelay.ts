import type { LiveDataFrame } from '@sports/shared';
import type { MatchCentreDelta } from '@sports/shared/matchCentre';

export type DeltaListener = (delta: MatchCentreDelta) => void;

/**
 * Hands the page's `match_centre` frames to the match centre's lazily loaded charts: the page
 * keeps its one live-data connection (useLiveMatches) and passes every frame to `relay`; the
 * charts, once their code is here, `subscribe`. A frame of another match is dropped.
 */
export interface FrameRelay {
  relay(frame: LiveDataFrame): void;
  /**
   * The socket came back and the deltas it missed are gone (`synced` mode 'snapshot' of the
   * match_centre stream): the charts fetch their documents again and apply the deltas after it.
   */
  resynced(): void;
  /** `onResync`: called on `resynced`. Returns the unsubscribe. */
  subscribe(listener: DeltaListener, onResync?: () => void): () => void;
}

export function createFrameRelay(matchId: number): FrameRelay {
  const listeners = new Map<DeltaListener, (() => void) | undefined>();
  return {
    relay(frame) {
      if (frame.type !== 'match_centre' || frame.data.match_id !== matchId) return;
      for (const listener of listeners.keys()) listener(frame.data);
    },
    resynced() {
      for (const onResync of listeners.values()) onResync?.();
    },
    subscribe(listener, onResync) {
      listeners.set(listener, onResync);
      return () => void listeners.delete(listener);
    },
  };
}

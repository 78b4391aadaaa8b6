import type { LiveDataFrame, MatchCentreDelta } from '@sports/shared';

export type DeltaListener = (delta: MatchCentreDelta) => void;

/**
 * Hands the page's `match_centre` frames to the match centre's lazily loaded charts: the page
 * keeps its one live-data connection (useLiveMatches) and passes every frame to `relay`; the
 * charts, once their code is here, `subscribe`. A frame of another match is dropped.
 */
export interface FrameRelay {
  relay(frame: LiveDataFrame): void;
  subscribe(listener: DeltaListener): () => void;
}

export function createFrameRelay(matchId: number): FrameRelay {
  const listeners = new Set<DeltaListener>();
  return {
    relay(frame) {
      if (frame.type !== 'match_centre' || frame.data.match_id !== matchId) return;
      for (const listener of listeners) listener(frame.data);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

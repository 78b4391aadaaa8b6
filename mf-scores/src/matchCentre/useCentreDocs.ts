import { useEffect, useRef, useState } from 'react';
import { useLoad, useSpoilerFreeValue, type RemoteContext } from '@sports/shared';
import type { MatchCentreDelta } from '@sports/shared/matchCentre';
import type { FrameRelay } from './frameRelay';

/**
 * A match's match-centre documents as this viewer may see them: fetched once, then kept current
 * by the `match_centre` deltas the page relays (`apply` merges one delta into the documents;
 * deltas are keyed upserts, so a delta that arrived while the fetch was under way is applied on
 * top of its answer without doubling anything; when the socket lost deltas, `relay.resynced()`
 * fetches them again). Each change is held for a viewer whose picture
 * lags (spoiler-free, useSpoilerFreeValue: the score's hold).
 */
export function useCentreDocs<Docs>(context: RemoteContext, key: string, matchId: number, relay: FrameRelay, load: () => Promise<Docs>, apply: (docs: Docs, delta: MatchCentreDelta) => Docs) {
  // Deltas received while a fetch is under way (null: none under way): applied on its answer.
  const pending = useRef<MatchCentreDelta[] | null>(null);
  const { state, retry, reload } = useLoad(key, () => {
    pending.current = [];
    return load();
  });
  const [docs, setDocs] = useState<Docs | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;

  useEffect(
    () =>
      relay.subscribe(
        (delta) => {
          pending.current?.push(delta);
          setDocs((current) => (current === null ? current : applyRef.current(current, delta)));
        },
        // Deltas were lost while the socket was away: the documents again (quietly, the charts stay).
        reload,
      ),
    [relay, reload],
  );

  // A fetched answer: the deltas received since (and while) it was asked are applied on top.
  useEffect(() => {
    if (state.status !== 'ready') return;
    setDocs((pending.current ?? []).reduce(applyRef.current, state.data));
    pending.current = null;
  }, [state]);

  const shown = useSpoilerFreeValue(context.eventBus, matchId, docs);
  return { state, docs: shown, retry, reload };
}

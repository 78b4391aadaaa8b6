import { startTransition, useCallback, useMemo, useState } from 'react';
import type { LiveDataFrame, MatchRow, ScoreSport } from '@sports/shared';
import { applyMatchFrame, type LiveMatchIndex } from './liveRows';
import { useLiveData } from './useLiveData';

/**
 * The match rows of `sports` as the socket keeps them (code-100 football_match / basketball_match
 * frames replace rows by match id), for pages that overlay them on what HTTP answered.
 * `onFrame` also sees every frame (exponents, goals) for pages that want more; `watch` asks
 * for one match's match-centre deltas and says when they were lost (the match page).
 * A frame's rows are rendered as a transition: a board of a hundred matches re-rendered every
 * second is drawn in slices, so a phone's main thread stays free between them (issue 17).
 */
export function useLiveMatches(
  sports: readonly ScoreSport[],
  onFrame?: (frame: LiveDataFrame) => void,
  companyId?: number,
  watch?: { matchId: number; onResync: () => void },
) {
  const [rows, setRows] = useState<MatchRow[]>([]);
  const sportsKey = sports.join(',');
  const handle = useCallback(
    (frame: LiveDataFrame) => {
      const wanted = sportsKey.split(',') as ScoreSport[];
      startTransition(() => setRows((current) => applyMatchFrame(current, frame, wanted) ?? current));
      onFrame?.(frame);
    },
    [sportsKey, onFrame],
  );
  const { status } = useLiveData({ onFrame: handle, companyId, watchMatchId: watch?.matchId ?? null, onResync: watch?.onResync });
  const index: LiveMatchIndex = useMemo(() => new Map(rows.map((row) => [row.match_id, row])), [rows]);
  return { liveRows: rows, liveIndex: index, status };
}

import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import {
  createLiveDataClient,
  NO_ODDS_COMPANY_ID,
  systemConfigAtom,
  useSpoilerFreeValue,
  type LiveDataFrame,
  type MatchRow,
  type RemoteContext,
} from '@sports/shared';
import { matchApi } from './matchApi';

/** Where the live-data socket is when the system config has not said (a remote alone, in its harness). */
const DEFAULT_LIVE_DATA_URL = '/ws/live-data';
/** Every competition, not only the hot ones (mode flag 1 -> classify_type 0, SPEC.md section 4). */
const ALL_COMPETITIONS_MODE = 1;

/** The row of `matchId` in a match frame, if the frame carries it. */
export function rowOfMatch(frame: LiveDataFrame, matchId: number): MatchRow | null {
  if (frame.type === 'goal' || !frame.type.endsWith('_match')) return null;
  for (const row of frame.data as MatchRow[]) if (row.match_id === matchId) return row;
  return null;
}

/**
 * The room's match as this viewer may see it: loaded over HTTP (`api/scores/match`), then kept
 * current by the live-data socket's `<sport>_match` frames, each new row held until the viewer's
 * picture has reached it (spoiler-free: `useSpoilerFreeValue`, host/src/goals/README.md).
 */
export function useRoomMatch(context: RemoteContext, matchId: number | null): MatchRow | null {
  return useRoomMatchState(context, matchId).row;
}

/**
 * useRoomMatch, and whether the match is still being asked for (`loading`: a match is named and
 * neither the answer nor a frame has brought its row yet; false once either did, or the ask failed).
 */
export function useRoomMatchState(context: RemoteContext, matchId: number | null): { row: MatchRow | null; loading: boolean } {
  const [row, setRow] = useState<MatchRow | null>(null);
  const [failedFor, setFailedFor] = useState<number | null>(null);
  const url = useAtomValue(systemConfigAtom)?.websocketUrl || DEFAULT_LIVE_DATA_URL;

  useEffect(() => {
    setRow(null);
    if (matchId === null) return;
    let active = true;
    matchApi(context.api)
      .detail(matchId)
      // A frame may already have brought a newer row.
      .then((detail) => active && setRow((current) => current ?? detail.match))
      .catch(() => active && setFailedFor(matchId));
    let client: ReturnType<typeof createLiveDataClient> | null = null;
    try {
      client = createLiveDataClient({
        url,
        // No odds: this feed shows match rows and goals only.
        companyId: NO_ODDS_COMPANY_ID,
        modeFlag: ALL_COMPETITIONS_MODE,
        onMessage: (frame) => {
          const next = rowOfMatch(frame, matchId);
          if (next !== null && active) setRow(next);
        },
      });
    } catch {
      // No WebSocket here: the score stays as loaded.
    }
    return () => {
      active = false;
      client?.close();
    };
  }, [context.api, matchId, url]);

  const shown = useSpoilerFreeValue(context.eventBus, matchId, row);
  return { row: shown, loading: matchId !== null && shown === null && failedFor !== matchId };
}

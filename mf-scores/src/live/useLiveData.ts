import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  createLiveDataClient,
  DEFAULT_COMPANY_ID,
  systemConfigAtom,
  type LiveDataClient,
  type LiveDataFrame,
  type LiveDataStatus,
} from '@sports/shared';

/** Where the socket is when the system config has not said (a remote mounted alone, in its harness). */
export const DEFAULT_LIVE_DATA_URL = '/ws/live-data';

/** The scores pages want every competition: mode flag 1 -> classify_type 0 (SPEC.md section 4). */
export const ALL_COMPETITIONS_MODE = 1;

export interface LiveDataOptions {
  /** Every code-100 frame, once, in order. */
  onFrame: (frame: LiveDataFrame) => void;
  companyId?: number;
  modeFlag?: number;
  /** The match whose match-centre deltas (`match_centre` frames) this connection receives (issue 36). */
  watchMatchId?: number | null;
  /** The watched match's deltas were lost while the socket was away: fetch its documents again. */
  onResync?: () => void;
}

/**
 * One live-data connection for the page that calls it (SPEC.md section 4, the shared client:
 * register, toggle, classify, heartbeat, reconnect with resume). Closed when the page goes.
 */
export function useLiveData({ onFrame, companyId = DEFAULT_COMPANY_ID, modeFlag = ALL_COMPETITIONS_MODE, watchMatchId = null, onResync }: LiveDataOptions) {
  const config = useAtomValue(systemConfigAtom);
  const url = config?.websocketUrl || DEFAULT_LIVE_DATA_URL;
  const [status, setStatus] = useState<LiveDataStatus>('connecting');
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;
  const onResyncRef = useRef(onResync);
  onResyncRef.current = onResync;
  const clientRef = useRef<LiveDataClient | null>(null);
  const watchRef = useRef(watchMatchId);
  watchRef.current = watchMatchId;
  const companyRef = useRef(companyId);
  companyRef.current = companyId;

  useEffect(() => {
    let client: LiveDataClient;
    try {
      client = createLiveDataClient({
        url,
        companyId: companyRef.current,
        modeFlag,
        onMessage: (frame) => onFrameRef.current(frame),
        onResync: () => onResyncRef.current?.(),
        watchMatchId: watchRef.current,
        onStatus: setStatus,
      });
    } catch {
      // No WebSocket in this environment: the page still shows what HTTP answered.
      setStatus('closed');
      return;
    }
    clientRef.current = client;
    return () => {
      client.close();
      clientRef.current = null;
    };
  }, [url, modeFlag]);

  useEffect(() => {
    clientRef.current?.setCompany(companyId);
  }, [companyId]);

  useEffect(() => {
    clientRef.current?.watchMatch(watchMatchId);
  }, [watchMatchId]);

  return { status };
}

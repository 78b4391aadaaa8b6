import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { createLiveDataClient, NO_ODDS_COMPANY_ID, systemConfigAtom, type ClipFrame, type GoalFrame, type LiveDataFrame } from '@sports/shared';

/**
 * The host's mode flag: 0 -> classify_type 1, hot competitions only (SPEC.md section 4). Goals
 * reach every client whatever it classified; the hot match rows tell which goals are of hot
 * competitions.
 */
export const HOST_MODE_FLAG = 0;

export interface GoalFeedHandlers {
  onGoal: (frame: GoalFrame) => void;
  /** A feed clip is ready (issue 34): the goal popup's 看回放. */
  onClip?: (frame: ClipFrame) => void;
  /** Every other code-100 frame (hot matches in play). */
  onFrame?: (frame: LiveDataFrame) => void;
}

/**
 * The page's one host-owned live-data connection, to the socket the system config names
 * (`websocketUrl`, a path on this site or an absolute ws(s) address). It waits for the config,
 * and closes when the app goes.
 */
export function useGoalFeed(handlers: GoalFeedHandlers): void {
  const url = useAtomValue(systemConfigAtom)?.websocketUrl;
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!url) return;
    let client: ReturnType<typeof createLiveDataClient>;
    try {
      client = createLiveDataClient({
        url,
        // No odds: this feed shows match rows and goals only.
        companyId: NO_ODDS_COMPANY_ID,
        modeFlag: HOST_MODE_FLAG,
        onMessage: (frame) => {
          if (frame.type === 'goal') handlersRef.current.onGoal(frame);
          else if (frame.type === 'clip') handlersRef.current.onClip?.(frame);
          else handlersRef.current.onFrame?.(frame);
        },
      });
    } catch {
      return; // No WebSocket in this browser: no goal alerts, the rest of the site works.
    }
    return () => client.close();
  }, [url]);
}

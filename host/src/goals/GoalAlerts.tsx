import { useCallback, useMemo, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { immediatelyAtom, userInfoAtom, useSpoilerFreeHold, type ClipFrame, type GoalFrame } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { GOAL_CLIP_KINDS } from './clipCopy';
import { GoalPopupList } from './GoalPopupList';
import { goalAlertRules } from './goalAlertSettings';
import { fetchFavouriteMatchIds } from './goalsApi';
import { HotMatchIds } from './hotMatches';
import { useGoalFeed } from './useGoalFeed';
import { useGoalPopups } from './useGoalPopups';
import { useWhistle } from './useWhistle';
import { createWebAudioWhistle, type StartWhistle } from './whistle';

/** How long the favourites list is trusted before a goal asks the server again. */
export const FAVOURITES_FRESH_MS = 60_000;

export interface GoalAlertsProps {
  /** The whistle's sound; tests inject a spy. Default: the Web Audio whistle. */
  startWhistle?: StartWhistle;
}

/**
 * Goal alerts for the whole site (SPEC.md sections 2-4): the host's live-data connection, a popup
 * per goal (the side that scored, minute, teams, score), stacked, closable, closing by themselves,
 * and the 6 s whistle when gameSeting.voice is on, following the `immediately` settings. While a
 * live room's player on the page shows the goal's match, popup and whistle wait until its picture
 * has reached the goal (SpoilerFreeHold, README.md). A goal's clip (a live-data `clip` frame) gives
 * its popup 看回放, or shows a short 进球回放 popup with 看回放 (mf-live's #/clip?id=).
 */
export function GoalAlerts({ startWhistle }: GoalAlertsProps) {
  const { api, eventBus } = useHostServices();
  // Spoiler-free: a goal of a match a room's player on this page shows waits for that picture.
  const spoilerFree = useSpoilerFreeHold(eventBus);
  const store = useStore();
  const rules = goalAlertRules(useAtomValue(immediatelyAtom));
  const defaultWhistle = useMemo(() => createWebAudioWhistle(), []);
  const whistle = useWhistle(startWhistle ?? defaultWhistle);
  const { popups, push, close, offerClip } = useGoalPopups(rules.keepOpen);
  const hotMatches = useRef(new HotMatchIds());
  const favourites = useRef<{ ids: Set<number>; at: number } | null>(null);

  /** Whether the signed-in user's favourites include the match (asks the server when not known or stale). */
  const isFavourite = useCallback(
    async (matchId: number) => {
      if (!store.get(userInfoAtom)) return false;
      const known = favourites.current;
      if (known && known.ids.has(matchId) && Date.now() - known.at < FAVOURITES_FRESH_MS) return true;
      const ids = await fetchFavouriteMatchIds(api);
      favourites.current = { ids, at: Date.now() };
      return ids.has(matchId);
    },
    [api, store],
  );

  const onGoal = useCallback(
    (frame: GoalFrame) => {
      const current = goalAlertRules(store.get(immediatelyAtom));
      if (!current.allCompetitions && !hotMatches.current.has(frame.data.match_id)) return;
      const alert = () => {
        if (current.showPopups) push({ ...frame.data, seq: frame.seq });
        whistle.play();
      };
      const held = () => spoilerFree.hold(frame.data.match_id, alert);
      if (!current.favouritesOnly) return held();
      void isFavourite(frame.data.match_id)
        .then((favourite) => favourite && held())
        .catch(() => undefined);
    },
    [isFavourite, push, spoilerFree, store, whistle],
  );

  /**
   * A goal's clip is ready: its popup, if shown, gains 看回放; else a short 进球回放 popup, for a
   * goal that counts by the same settings (value1-value3). Held like the goal (spoiler-free: the
   * clip shows the goal), so it never comes before the goal's own popup.
   */
  const onClip = useCallback(
    (frame: ClipFrame) => {
      const { data } = frame;
      const matchId = data.match_id;
      if (matchId === null || !GOAL_CLIP_KINDS.includes(data.kind)) return;
      const current = goalAlertRules(store.get(immediatelyAtom));
      if (!current.allCompetitions && !hotMatches.current.has(matchId)) return;
      const offer = () => offerClip(frame.seq, data, current.showPopups);
      const held = () => spoilerFree.hold(matchId, offer);
      if (!current.favouritesOnly) return held();
      void isFavourite(matchId)
        .then((favourite) => favourite && held())
        .catch(() => undefined);
    },
    [isFavourite, offerClip, spoilerFree, store],
  );

  useGoalFeed({ onGoal, onClip, onFrame: (frame) => hotMatches.current.apply(frame) });

  return <GoalPopupList popups={popups} onClose={close} whistling={whistle.playing} />;
}

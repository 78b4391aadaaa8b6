import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { immediatelyAtom, userInfoAtom, useSpoilerFreeHold, type ClipFrame, type FanAlert, type GoalFrame } from '@sports/shared';
import { onFanAlert } from './fanAlerts';
import { useHostServices } from '../app/hostServices';
import { GOAL_CLIP_KINDS } from './clipCopy';
import { goalAlertRules } from './goalAlertSettings';
import { fetchFavouriteMatchIds } from './goalsApi';
import { HotMatchIds } from './hotMatches';
import { useGoalFeed } from './useGoalFeed';
import { ALERT_SEQ_BASE, useGoalPopups } from './useGoalPopups';
import { useWhistle } from './useWhistle';
import { goalAlertsViewLoader, type GoalAlertsViewLoader } from './loadGoalAlertsView';
import type { StartWhistle } from './whistle';

/** How long the favourites list is trusted before a goal asks the server again. */
export const FAVOURITES_FRESH_MS = 60_000;

export interface GoalAlertsProps {
  /** The whistle's sound; tests inject a spy. Default: the Web Audio whistle. */
  startWhistle?: StartWhistle;
  /** Tests: a fan alert as a system notification (default: browserNotify.ts, once its chunk is here). */
  notify?: (alert: FanAlert) => void;
  /** The popups, whistle and notification's chunk (default: the page's, loadGoalAlertsView.ts); tests time its arrival. */
  viewLoader?: GoalAlertsViewLoader;
}

/**
 * Goal alerts for the whole site (SPEC.md sections 2-4): the host's live-data connection, a popup
 * per goal (the side that scored, minute, teams, score), stacked, closable, closing by themselves,
 * and the 6 s whistle when gameSeting.voice is on, following the `immediately` settings. While a
 * live room's player on the page shows the goal's match, popup and whistle wait until its picture
 * has reached the goal (SpoilerFreeHold, README.md). A goal's clip (a live-data `clip` frame) gives
 * its popup 看回放, or shows a short 进球回放 popup with 看回放 (mf-live's #/clip?id=).
 */
export function GoalAlerts({ startWhistle, notify, viewLoader = goalAlertsViewLoader }: GoalAlertsProps) {
  const { api, eventBus } = useHostServices();
  // Spoiler-free: a goal of a match a room's player on this page shows waits for that picture.
  const spoilerFree = useSpoilerFreeHold(eventBus);
  const store = useStore();
  const rules = goalAlertRules(useAtomValue(immediatelyAtom));
  const defaultWhistle = useMemo(() => viewLoader.whistle(), [viewLoader]);
  const notifyAlert = notify ?? viewLoader.notify;
  // The popups' chunk, asked for as the first goal, clip or alert arrives (before the spoiler-free hold).
  const preloadView = useCallback(() => void viewLoader.load().catch(() => undefined), [viewLoader]);
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
      preloadView();
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
    [isFavourite, preloadView, push, spoilerFree, store, whistle],
  );

  /**
   * A goal's clip is ready: its popup, if shown, gains 看回放; else a short 进球回放 popup, for a
   * goal that counts by the same settings (value1-value3). Held like the goal (spoiler-free: the
   * clip shows the goal), so it never comes before the goal's own popup.
   */
  const onClip = useCallback(
    (frame: ClipFrame) => {
      preloadView();
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
    [isFavourite, offerClip, preloadView, spoilerFree, store],
  );

  /**
   * A fan's alert (a followed team's or league's goal, red card, kick-off, full time; a followed
   * anchor live), pushed over the member's chat connection (server/src/alerts/README.md): a goal
   * is a goal popup with the whistle (one popup however it arrived), a red card a popup with the
   * whistle, the others a popup; value1 decides popups and voice the whistle, as for goals; held
   * like a goal for a player showing the match (spoiler-free). A tab in the background also shows
   * it as a system notification (browserNotify.ts).
   */
  const onAlert = useCallback(
    (alert: FanAlert) => {
      preloadView();
      notifyAlert(alert);
      const current = goalAlertRules(store.get(immediatelyAtom));
      const seq = -(ALERT_SEQ_BASE + alert.id);
      const show = () => {
        if (alert.kind === 'goal' && alert.match_id !== null) {
          if (current.showPopups)
            push({ seq, match_id: alert.match_id, iszhu: alert.side === 'away' ? 0 : 1, match_str: alert.minute ?? '', home_team_name_zh: alert.home_name ?? '', away_team_name_zh: alert.away_name ?? '', home_score: alert.home_score ?? 0, away_score: alert.away_score ?? 0 });
        } else if (current.showPopups) push({ kind: 'alert', seq, match_id: alert.match_id, alert });
        if (alert.kind === 'goal' || alert.kind === 'red_card') whistle.play();
      };
      if (alert.match_id === null) show();
      else spoilerFree.hold(alert.match_id, show);
    },
    [notifyAlert, preloadView, push, spoilerFree, store, whistle],
  );
  useEffect(() => onFanAlert(onAlert), [onAlert]);

  useGoalFeed({ onGoal, onClip, onFrame: (frame) => hotMatches.current.apply(frame) });

  // The popups' chunk (loadGoalAlertsView.ts): popups pushed before it arrives are shown once it
  // is here; nothing on the page until then.
  const view = viewLoader.useView(popups.length > 0 || whistle.playing);
  return view && <view.GoalPopupList popups={popups} onClose={close} whistling={whistle.playing} />;
}

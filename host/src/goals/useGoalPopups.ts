import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClipData, FanAlert, GoalData } from '@sports/shared';

/** How long a goal popup stays up by itself (unless the settings keep popups open). */
export const GOAL_POPUP_DURATION_MS = 8_000;
/** More at once is noise: the oldest give way. */
export const MAX_GOAL_POPUPS = 3;

export interface GoalPopup extends GoalData {
  /** The goal stream's sequence number: one popup per goal. */
  seq: number;
  /** The goal's clip once it is ready (a live-data `clip` frame while the popup is shown): 看回放. */
  clip?: { clipId: number; title: string };
}

/**
 * A short popup for a goal's clip whose goal popup is not shown (closed, never shown, or the
 * goal came before the page): 进球回放 with 看回放. Its `seq` is the clip stream's, negated, so
 * it never meets a goal's.
 */
export interface ClipPopup {
  kind: 'clip';
  seq: number;
  match_id: number | null;
  clipId: number;
  clipKind: ClipData['kind'];
  title: string;
}

/**
 * A fan's alert other than a goal (a followed team's red card, kick-off, full time; a followed
 * anchor live: server/src/alerts/README.md): its title, text and a link. Its `seq` is
 * -(ALERT_SEQ_BASE + the alert's id), never a goal's or a clip's.
 */
export interface AlertPopup {
  kind: 'alert';
  seq: number;
  match_id: number | null;
  alert: FanAlert;
}
export const ALERT_SEQ_BASE = 1_000_000_000_000;

export type AnyGoalPopup = GoalPopup | ClipPopup | AlertPopup;

export function isAlertPopup(popup: AnyGoalPopup): popup is AlertPopup {
  return 'kind' in popup && popup.kind === 'alert';
}

export function isClipPopup(popup: AnyGoalPopup): popup is ClipPopup {
  return 'kind' in popup && popup.kind === 'clip';
}

function isFromAlert(popup: GoalPopup): boolean {
  return popup.seq <= -ALERT_SEQ_BASE;
}

function sameGoal(a: GoalData, b: GoalData): boolean {
  return a.match_id === b.match_id && a.home_score === b.home_score && a.away_score === b.away_score;
}

/** Whether a clip shows the goal of this popup: its match, and its score when the frame says it. */
export function clipFitsGoal(popup: GoalPopup, clip: ClipData): boolean {
  if (clip.match_id !== popup.match_id) return false;
  if (clip.home_score === undefined || clip.away_score === undefined) return true;
  return clip.home_score === popup.home_score && clip.away_score === popup.away_score;
}

/**
 * The goal popups on screen, newest last: each closes by itself after GOAL_POPUP_DURATION_MS
 * unless `keepOpen`, and any can be closed. Switching keepOpen on stops the clocks; off starts
 * them again for those shown.
 */
export function useGoalPopups(keepOpen: boolean) {
  const [popups, setPopups] = useState<AnyGoalPopup[]>([]);
  // What is on screen now, for offerClip's choice (state updates land later).
  const shownRef = useRef<AnyGoalPopup[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const close = useCallback((seq: number) => {
    clearTimeout(timers.current.get(seq));
    timers.current.delete(seq);
    shownRef.current = shownRef.current.filter((popup) => popup.seq !== seq);
    setPopups(shownRef.current);
  }, []);

  const scheduleClose = useCallback(
    (seq: number) => {
      if (timers.current.has(seq)) return;
      timers.current.set(
        seq,
        setTimeout(() => close(seq), GOAL_POPUP_DURATION_MS),
      );
    },
    [close],
  );

  const push = useCallback(
    (popup: AnyGoalPopup) => {
      // From the ref, not an updater: a clip released in the same tick as its goal finds the goal's popup.
      const shown = shownRef.current;
      if (shown.some((candidate) => candidate.seq === popup.seq)) return;
      // One popup a goal: a followed team's goal arrives as an alert and on the live data.
      if (!('kind' in popup) && shown.some((candidate) => !('kind' in candidate) && (isFromAlert(candidate) !== isFromAlert(popup)) && sameGoal(candidate, popup))) return;
      const next = [...shown, popup];
      for (const dropped of next.slice(0, Math.max(0, next.length - MAX_GOAL_POPUPS))) {
        clearTimeout(timers.current.get(dropped.seq));
        timers.current.delete(dropped.seq);
      }
      shownRef.current = next.slice(-MAX_GOAL_POPUPS);
      setPopups(shownRef.current);
      if (!keepOpen) scheduleClose(popup.seq);
    },
    [keepOpen, scheduleClose],
  );

  /**
   * A goal's clip is ready: the shown popup of that goal (newest first) gains 看回放; when none is
   * shown, a short clip popup is pushed instead (`fallback`: false offers nothing then).
   */
  const offerClip = useCallback(
    (seq: number, clip: ClipData, fallback: boolean) => {
      const target = [...shownRef.current].reverse().find((popup): popup is GoalPopup => !('kind' in popup) && popup.clip === undefined && clipFitsGoal(popup, clip));
      if (target) {
        const attached = { clipId: clip.clip_id, title: clip.title };
        shownRef.current = shownRef.current.map((popup) => (popup.seq === target.seq ? { ...target, clip: attached } : popup));
        setPopups(shownRef.current);
        return;
      }
      if (fallback) push({ kind: 'clip', seq: -seq, match_id: clip.match_id, clipId: clip.clip_id, clipKind: clip.kind, title: clip.title });
    },
    [push],
  );

  useEffect(() => {
    if (!keepOpen) {
      for (const popup of popups) scheduleClose(popup.seq);
      return;
    }
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
  }, [keepOpen, popups, scheduleClose]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { popups, push, close, offerClip };
}

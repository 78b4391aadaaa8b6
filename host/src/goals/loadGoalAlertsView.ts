import type { FanAlert } from '@sports/shared';
import { onDemand } from '../app/onDemand';
import type { StartWhistle, StopWhistle } from './whistle';

export type GoalAlertsView = typeof import('./goalAlertsView');

/** How GoalAlerts gets its view (goalAlertsView.ts): the page's chunk, or a test's. */
export interface GoalAlertsViewLoader {
  /** The view, fetched once (again after a failure). */
  load(): Promise<GoalAlertsView>;
  /** The view when `needed` (popups or a whistle to show): there at once when loaded before, else fetched. */
  useView(needed: boolean): GoalAlertsView | null;
  /** The Web Audio whistle, started once the view is here (unless stopped meanwhile); synchronous once loaded. */
  whistle(): StartWhistle;
  /** A fan alert as a system notification (browserNotify.ts), once the view is here. */
  notify(alert: FanAlert): void;
}

/** A loader over `importView`, keeping what arrived (later renders have it at once). */
export function createGoalAlertsViewLoader(importView: () => Promise<GoalAlertsView>): GoalAlertsViewLoader {
  const view = onDemand(importView);

  function whistle(): StartWhistle {
    let start: StartWhistle | null = null;
    return () => {
      if (start) return start();
      let stopped = false;
      let stopSound: StopWhistle | null = null;
      void view.load().then(
        (loaded) => {
          start ??= loaded.createWebAudioWhistle();
          if (!stopped) stopSound = start();
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        stopSound?.();
      };
    };
  }

  function notify(alert: FanAlert): void {
    const loaded = view.loaded();
    if (loaded) return void loaded.notifyInBrowser(alert);
    void view.load().then((arrived) => arrived.notifyInBrowser(alert), () => undefined);
  }

  return { load: view.load, useView: view.useLoaded, whistle, notify };
}

/**
 * The popups, the whistle and the system notification (goalAlertsView.ts): no first screen shows
 * them (issue 38: the first visit's bytes), so they are fetched when the first goal, clip or alert
 * arrives (tens of ms on this site: a popup shows well within the second SPEC.md allows); what
 * arrived meanwhile is kept by GoalAlerts and shown once the chunk is here. Unit tests await
 * `load()` before rendering, so the alerts render as they do once loaded.
 */
export const goalAlertsViewLoader = createGoalAlertsViewLoader(() => import(/* webpackChunkName: "goal-alerts-view" */ './goalAlertsView'));

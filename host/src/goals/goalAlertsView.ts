/**
 * The goal alerts' visible and audible parts, a chunk of their own (issue 38: the first visit's
 * bytes): the popups, the Web Audio whistle and the system notification. `GoalAlerts.tsx` (the
 * listener, live from the start) loads it through `loadGoalAlertsView.ts` when the first goal,
 * clip or fan alert arrives; what arrived meanwhile is kept and shown once it is here.
 */
export { GoalPopupList } from './GoalPopupList';
export { createWebAudioWhistle } from './whistle';
export { notifyInBrowser } from './browserNotify';

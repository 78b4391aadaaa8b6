import type { ImmediatelySetting } from '@sports/shared';

/**
 * What the `immediately` settings (SPEC.md section 3, value1-value4, default true, true, false,
 * false) mean for goal alerts; README.md in this folder says the same for people.
 */
export interface GoalAlertRules {
  /** value1: show goal popups. */
  showPopups: boolean;
  /** value2: goals of every competition; off, only of hot competitions. */
  allCompetitions: boolean;
  /** value3: only goals of the signed-in user's favourite matches. */
  favouritesOnly: boolean;
  /** value4: popups stay until closed instead of closing by themselves. */
  keepOpen: boolean;
}

export function goalAlertRules(settings: ImmediatelySetting): GoalAlertRules {
  return { showPopups: settings.value1, allCompetitions: settings.value2, favouritesOnly: settings.value3, keepOpen: settings.value4 };
}

import type { FeedAction, FeedPlayer } from '../matchFeed';

/** Who and when of an action, as each sport's match centre (footballCentre.ts, basketballCentre.ts) knows it. */
export type ActionMoment = Pick<FeedAction, 'key' | 'matchKey' | 'side' | 'kind' | 'period' | 'minute' | 'extra' | 'second' | 'clock_seconds' | 'home_score' | 'away_score' | 'occurred_at'>;

/** A feed action: the moment, the player (none: '' and null), every kind's own fields empty unless given. */
export function feedAction(moment: ActionMoment, player: FeedPlayer | null | undefined, fields: Partial<FeedAction>): FeedAction {
  return {
    ...moment,
    shirt_number: player?.shirt_number ?? null,
    player_zh: player?.name_zh ?? '',
    x: null,
    y: null,
    xg: null,
    outcome: null,
    head: false,
    situation: null,
    points: null,
    made: null,
    count: 1,
    ...fields,
  };
}

import type { CardKind, MatchCentreSide, ShotOutcome, ShotSituation } from '@sports/shared/server';

/**
 * One play-by-play action as stored (match_action, migration 0046) and as the analytics read it.
 * Football: shots (with xG), final-third entries and dangerous attacks (`count` of them in the
 * minute), corners; cards (`card`), substitutions (`player_in_*` coming on, the player going off)
 * and fouls, each with its place (migration 0047). Basketball: field-goal attempts (`points` 2 or
 * 3, `made`) and free throws (`points` 1). `home_score`/`away_score` are the score after the action.
 */
export type CentreActionKind = 'shot' | 'final_third' | 'dangerous_attack' | 'corner' | 'field_goal' | 'free_throw' | 'card' | 'substitution' | 'foul';
export const CENTRE_ACTION_KINDS: readonly CentreActionKind[] = ['shot', 'final_third', 'dangerous_attack', 'corner', 'field_goal', 'free_throw', 'card', 'substitution', 'foul'];
/** The football actions the lineups answer lists as `events` (the rest are on the shot map and the momentum). */
export const PITCH_EVENT_KINDS = ['card', 'substitution', 'foul'] as const;

/** What an action says of the play: the same in the feed's actions (FeedAction) and as stored. */
export interface CentreActionPlay {
  kind: CentreActionKind;
  period: number;
  /** Football: the match minute (45 during first-half stoppage) and the stoppage minute; basketball 0. */
  minute: number;
  extra: number;
  second: number;
  /** Basketball: seconds left on the period clock; football null. */
  clock_seconds: number | null;
  x: number | null;
  y: number | null;
  xg: number | null;
  outcome: ShotOutcome | null;
  head: boolean;
  situation: ShotSituation | null;
  points: number | null;
  made: boolean | null;
  count: number;
  home_score: number;
  away_score: number;
}

export interface CentreAction extends CentreActionPlay {
  id: number;
  side: MatchCentreSide;
  player_id: number | null;
  player_zh: string;
  card: CardKind | null;
  player_in_id: number | null;
  player_in_zh: string;
}

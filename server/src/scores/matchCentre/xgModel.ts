import { GOAL_WIDTH, PITCH_LENGTH, PITCH_WIDTH, type ShotSituation } from '@sports/shared/server';

/**
 * Expected goals of a shot: a logistic model of the distance to the centre of the goal and the
 * angle the goal mouth opens from the shot's spot (the model shape of Sumpter's Soccermatics
 * course, "Goal ~ Angle + Distance", fitted on open-play shots):
 *
 *   xG = 1 / (1 + exp(-(b0 + bAngle * angle + bDistance * distance + bHead * head)))
 *
 * with the angle in radians, atan(7.32 x / (x^2 + y^2 - (7.32/2)^2)) for a shot x metres out and y
 * metres off the centre line (the angle between the posts, in [0, pi]), the distance in metres.
 * Penalties are 0.76 (the long-run conversion rate), own goals 0 (no chance of the side credited).
 * Typical values: 0.26 from the penalty spot in open play, 0.05 from 25 m central, 0.53 from 6 m.
 */
export const XG_COEFFICIENTS = { intercept: -1.1, angle: 1.6, distance: -0.09, head: -0.9 } as const;
export const PENALTY_XG = 0.76;

export interface ShotSpot {
  /** Metres along the pitch, attacking towards x = 105. */
  x: number;
  y: number;
  head: boolean;
  situation: ShotSituation;
}

/** The angle (radians) the goal mouth opens from (x, y). */
export function goalAngle(x: number, y: number): number {
  const out = Math.max(0, PITCH_LENGTH - x);
  const across = Math.abs(y - PITCH_WIDTH / 2);
  const half = GOAL_WIDTH / 2;
  const angle = Math.atan2(GOAL_WIDTH * out, out * out + across * across - half * half);
  return angle < 0 ? angle + Math.PI : angle;
}

export function goalDistance(x: number, y: number): number {
  return Math.hypot(PITCH_LENGTH - x, y - PITCH_WIDTH / 2);
}

/** The xG of a shot, rounded to 3 decimals (what is stored and shown). */
export function xgOf(shot: ShotSpot): number {
  if (shot.situation === 'own_goal') return 0;
  if (shot.situation === 'penalty') return PENALTY_XG;
  const c = XG_COEFFICIENTS;
  const logit = c.intercept + c.angle * goalAngle(shot.x, shot.y) + c.distance * goalDistance(shot.x, shot.y) + (shot.head ? c.head : 0);
  return Math.round((1 / (1 + Math.exp(-logit))) * 1000) / 1000;
}

import type { CourtKind } from './types';

/**
 * The match centre's fixed numbers (no TypeBox: pages import them). What they mean is in
 * types.ts; the server computes with the same ones.
 */

/** The football pitch, metres (IFAB Law 1's usual size). */
export const PITCH_LENGTH = 105;
export const PITCH_WIDTH = 68;
/** The goal: 7.32 m between the posts, centred on the goal line at x = 105. */
export const GOAL_WIDTH = 7.32;

/**
 * The two courts. NBA: 28.65 x 15.24 m, the three-point arc 7.24 m from the basket's centre,
 * 6.71 m in the corners (straight lines 0.91 m in from the sidelines up to 4.27 m from the
 * baseline). FIBA (CBA and the other leagues of the demo): 28 x 15 m, arc 6.75 m, corners 6.60 m
 * (lines 0.90 m from the sidelines up to 2.99 m from the baseline). The basket's centre is 1.575 m
 * from the baseline on both.
 */
export interface CourtGeometry {
  length: number;
  width: number;
  basketY: number;
  threePointRadius: number;
  cornerThreeDistance: number;
  /** Up to this distance from the baseline the three-point line is straight (the corners). */
  cornerLineY: number;
}

export const COURTS: Record<CourtKind, CourtGeometry> = {
  nba: { length: 28.65, width: 15.24, basketY: 1.575, threePointRadius: 7.24, cornerThreeDistance: 6.71, cornerLineY: 4.27 },
  fiba: { length: 28, width: 15, basketY: 1.575, threePointRadius: 6.75, cornerThreeDistance: 6.6, cornerLineY: 2.99 },
};

/** Whether a shot from (x, y) on `court` is worth three: beyond the arc, or beyond the corner line. */
export function isThreePointSpot(court: CourtGeometry, x: number, y: number): boolean {
  const dx = x - court.width / 2;
  if (y <= court.cornerLineY) return Math.abs(dx) > court.cornerThreeDistance;
  return Math.hypot(dx, y - court.basketY) > court.threePointRadius;
}

/**
 * Momentum (attack pressure per minute): each side's actions in a minute, weighted, and the bar
 * 100 * tanh((home - away) / MOMENTUM_SCALE). A shot weighs its base plus its xG times
 * `xgFactor` (a 0.76 penalty presses far more than a 0.03 long shot).
 */
export const MOMENTUM_WEIGHTS = {
  shot: 2,
  shotOnTarget: 1,
  xgFactor: 10,
  finalThirdEntry: 0.5,
  dangerousAttack: 1,
  corner: 1.5,
} as const;
export const MOMENTUM_SCALE = 4;

/** A basketball run: at least this many points by one side with the other held to LEAD_RUN_MAX_CONCEDED. */
export const LEAD_RUN_MIN_POINTS = 8;
export const LEAD_RUN_MAX_CONCEDED = 0;

/**
 * Member levels (issue 12): exp → LV, in one place for the server (profile answers, the chat
 * identity) and the pages (user menu, personal centre progress). Exp comes from minutes watched,
 * chat messages (both capped per day by the server's LEVEL_* settings) and coins spent.
 *
 * LEVEL_THRESHOLDS[n] is the exp at which LV n+1 starts: LV1 at 0, LV2 at 100, … LV20 at 40,000.
 */
export const LEVEL_THRESHOLDS: readonly number[] = [
  0, 100, 300, 600, 1_000, 1_500, 2_100, 2_800, 3_600, 4_500, 5_500, 7_000, 9_000, 11_500, 14_500, 18_000, 22_000, 27_000, 33_000, 40_000,
];

export const MAX_LEVEL = LEVEL_THRESHOLDS.length;

/** The level of an exp total (a negative or non-integer total counts as 0). */
export function levelOf(exp: number): number {
  const total = Number.isFinite(exp) && exp > 0 ? Math.floor(exp) : 0;
  let level = 1;
  while (level < MAX_LEVEL && total >= (LEVEL_THRESHOLDS[level] ?? Number.POSITIVE_INFINITY)) level += 1;
  return level;
}

export interface LevelProgress {
  level: number;
  exp: number;
  /** Exp where this level started. */
  levelStart: number;
  /** Exp where the next level starts; null at the top level. */
  nextLevelAt: number | null;
  /** 0..1 of the way to the next level (1 at the top level). */
  fraction: number;
}

/** Where an exp total stands: its level and how far to the next (the personal centre's bar). */
export function levelProgress(exp: number): LevelProgress {
  const total = Number.isFinite(exp) && exp > 0 ? Math.floor(exp) : 0;
  const level = levelOf(total);
  const levelStart = LEVEL_THRESHOLDS[level - 1] ?? 0;
  const nextLevelAt = level < MAX_LEVEL ? (LEVEL_THRESHOLDS[level] ?? null) : null;
  const fraction = nextLevelAt === null ? 1 : (total - levelStart) / (nextLevelAt - levelStart);
  return { level, exp: total, levelStart, nextLevelAt, fraction };
}

/**
 * Fan medals (粉丝勋章, issue 35): a member's intimacy with an anchor → the medal's level 1-20, its
 * colour band, and when it greys. One table for the server (the chat badge, api/FanMedal/*) and the
 * pages (the badge, the member centre's progress). Intimacy comes from gifts and guards (1 per 10
 * coins), minutes watched (+1 per 10 minutes) and chat lines in the anchor's room, the last two
 * capped per China day by the server (server/src/fanMedals/README.md).
 *
 * FAN_MEDAL_THRESHOLDS[n] is the intimacy at which LV n+1 starts: LV1 at 0 (the first gift or
 * guard), LV2 at 10 (100 coins of gifts), … LV20 at 30,000.
 */
export const FAN_MEDAL_THRESHOLDS: readonly number[] = [
  0, 10, 30, 60, 100, 200, 350, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 7_000, 10_000, 14_000, 20_000, 30_000,
];

export const FAN_MEDAL_MAX_LEVEL = FAN_MEDAL_THRESHOLDS.length;

/** Intimacy per this many coins of a gift or guard (1 per 10 coins; the remainder carries over to the next). */
export const FAN_MEDAL_COINS_PER_INTIMACY = 10;

/** A medal with no interaction for this long greys (shown dimmed) until the next one. */
export const FAN_MEDAL_INACTIVE_DAYS = 7;
export const FAN_MEDAL_INACTIVE_MS = FAN_MEDAL_INACTIVE_DAYS * 86_400_000;

/** The medal name an anchor sets: 2-4 characters (code points), through the word filter. */
export const FAN_MEDAL_NAME_MIN = 2;
export const FAN_MEDAL_NAME_MAX = 4;

/** The level of an intimacy total (negative or non-integer counts as 0). */
export function fanMedalLevelOf(intimacy: number): number {
  const total = Number.isFinite(intimacy) && intimacy > 0 ? Math.floor(intimacy) : 0;
  let level = 1;
  while (level < FAN_MEDAL_MAX_LEVEL && total >= (FAN_MEDAL_THRESHOLDS[level] ?? Number.POSITIVE_INFINITY)) level += 1;
  return level;
}

/** Intimacy where the next level starts; null at LV20. */
export function fanMedalNextLevelAt(intimacy: number): number | null {
  const level = fanMedalLevelOf(intimacy);
  return level < FAN_MEDAL_MAX_LEVEL ? (FAN_MEDAL_THRESHOLDS[level] ?? null) : null;
}

/** Whether a medal last interacted with at `lastInteractionAt` (epoch ms) is lit at `now`. */
export function fanMedalLit(lastInteractionAt: number, now: number): boolean {
  return now - lastInteractionAt < FAN_MEDAL_INACTIVE_MS;
}

/** Colour bands of the badge, by level: 1-4 green, 5-8 blue, 9-12 purple, 13-16 red, 17-20 gold. */
export const FAN_MEDAL_BANDS = [
  { from: 1, to: 4, color: '#3fa66b' },
  { from: 5, to: 8, color: '#3b82d6' },
  { from: 9, to: 12, color: '#8b5cf6' },
  { from: 13, to: 16, color: '#e2464f' },
  { from: 17, to: 20, color: '#d4a017' },
] as const;

/** The badge colour of a level (a greyed medal is drawn in FAN_MEDAL_GREY instead). */
export function fanMedalColor(level: number): string {
  for (const band of FAN_MEDAL_BANDS) if (level <= band.to) return band.color;
  return '#d4a017';
}

/** A greyed medal's colour. */
export const FAN_MEDAL_GREY = '#9aa0a6';

/** The length of a medal name in characters (code points: 4 Chinese characters are 4). */
export function fanMedalNameLength(name: string): number {
  return Array.from(name).length;
}

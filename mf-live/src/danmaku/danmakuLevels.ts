import { DEFAULT_DANMAKU, type DanmakuSetting } from '@sports/shared';

/**
 * What the danmakuSystem levels mean (SPEC.md section 3 gives only the defaults: area 3, size 2,
 * opacity 100):
 * - area 1..4: the share of the video's height danmaku may use, from the top: ¼, ½, ¾, all.
 * - size 1..3: the font size, 16 / 20 / 26 px (small, medium, large).
 * - opacity 10..100: percent; below 10 the text would be invisible, so 10 is the floor.
 */
export const DANMAKU_AREA_SHARES: Record<number, number> = { 1: 0.25, 2: 0.5, 3: 0.75, 4: 1 };
export const DANMAKU_FONT_SIZES_PX: Record<number, number> = { 1: 16, 2: 20, 3: 26 };
export const DANMAKU_OPACITY_MIN = 10;
export const DANMAKU_OPACITY_MAX = 100;
export const DANMAKU_OPACITY_STEP = 10;

/** Line height of a lane, relative to the font size. */
const LANE_LINE_HEIGHT = 1.4;

function levelOr(value: unknown, table: Record<number, number>, fallback: number): number {
  return typeof value === 'number' && table[value] !== undefined ? value : fallback;
}

/**
 * The saved setting made safe: localStorage is outside input (another version, a hand edit), so
 * unknown levels fall back to the SPEC defaults and opacity is clamped.
 */
export function normalizeDanmakuSetting(saved: Partial<DanmakuSetting> | null | undefined): DanmakuSetting {
  const opacity = typeof saved?.opacity === 'number' && Number.isFinite(saved.opacity) ? saved.opacity : DEFAULT_DANMAKU.opacity;
  return {
    show: typeof saved?.show === 'boolean' ? saved.show : DEFAULT_DANMAKU.show,
    area: levelOr(saved?.area, DANMAKU_AREA_SHARES, DEFAULT_DANMAKU.area),
    size: levelOr(saved?.size, DANMAKU_FONT_SIZES_PX, DEFAULT_DANMAKU.size),
    opacity: Math.min(DANMAKU_OPACITY_MAX, Math.max(DANMAKU_OPACITY_MIN, Math.round(opacity))),
  };
}

export function areaShare(setting: DanmakuSetting): number {
  return DANMAKU_AREA_SHARES[setting.area] ?? 0.75;
}

export function fontSizePx(setting: DanmakuSetting): number {
  return DANMAKU_FONT_SIZES_PX[setting.size] ?? 20;
}

export function laneHeightPx(setting: DanmakuSetting): number {
  return Math.round(fontSizePx(setting) * LANE_LINE_HEIGHT);
}

/** How many lanes fit in the danmaku area of a video `videoHeightPx` tall (at least one). */
export function laneCount(videoHeightPx: number, setting: DanmakuSetting): number {
  return Math.max(1, Math.floor((videoHeightPx * areaShare(setting)) / laneHeightPx(setting)));
}

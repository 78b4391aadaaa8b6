/**
 * The site shows every time in China Standard Time (the server's dates are instants; SPEC.md's
 * times are Beijing time). China has kept UTC+8 all year since 1991, so a time is its UTC fields
 * shifted by 8 hours: plain arithmetic, with none of the cost of `Intl.DateTimeFormat`, whose
 * first use with a time zone loads the locale and zone data (about 30 ms of a phone's first
 * page load, measured in `pnpm bench:lighthouse:h5`). The texts are exactly what `zh-CN` gives
 * (`2026/11/22 19:30`, `11/22`, `19:30`), and `YYYY-MM-DD` keys for the API's `date` fields.
 */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export interface ChinaTimeParts {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 (Sunday) – 6. */
  weekday: number;
}

/** An ISO string, epoch milliseconds or a Date; null when it is not a valid instant. */
export type Instant = string | number | Date;

function millisOf(at: Instant): number | null {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : new Date(at).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** The fields of an instant on a clock in China; null for an invalid instant. */
export function chinaTimeParts(at: Instant): ChinaTimeParts | null {
  const ms = millisOf(at);
  if (ms === null) return null;
  const shifted = new Date(ms + CHINA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/** Formats with `render`, or gives back an unreadable string input as it was (never 'NaN'). */
function formatWith(at: Instant, render: (parts: ChinaTimeParts) => string): string {
  const parts = chinaTimeParts(at);
  return parts === null ? String(at) : render(parts);
}

/** '2026-11-22': the China-time day (what the API's `date` fields take). */
export const chinaDateKey = (at: Instant): string => formatWith(at, (p) => `${p.year}-${two(p.month)}-${two(p.day)}`);

/** '19:30'. */
export const chinaClockText = (at: Instant): string => formatWith(at, (p) => `${two(p.hour)}:${two(p.minute)}`);

/** '11/22'. */
export const chinaMonthDayText = (at: Instant): string => formatWith(at, (p) => `${two(p.month)}/${two(p.day)}`);

/** '11/22 19:30'. */
export const chinaMonthDayTimeText = (at: Instant): string => formatWith(at, (p) => `${two(p.month)}/${two(p.day)} ${two(p.hour)}:${two(p.minute)}`);

/** '2026/11/22 19:30'. */
export const chinaDateTimeText = (at: Instant): string =>
  formatWith(at, (p) => `${p.year}/${two(p.month)}/${two(p.day)} ${two(p.hour)}:${two(p.minute)}`);

/** The China-time day `offset` days from `at` ('YYYY-MM-DD'). */
export const chinaDateKeyOffset = (at: Date, offset: number): string => chinaDateKey(at.getTime() + offset * DAY_MS);

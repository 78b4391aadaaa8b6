/**
 * The one place a time is turned into text a user reads (issue 33): every time the site shows is
 * China Standard Time (Asia/Shanghai), whatever the server's or the browser's time zone. The API
 * sends instants (ISO 8601 with `Z` or an offset); the host, the remotes and the server's own
 * texts (`server/src/infra/chinaTime.ts` builds on this file) format them here. README.md beside
 * this file says which function is for which display.
 *
 * How: plain arithmetic on the UTC fields shifted by 8 hours, not `Intl.DateTimeFormat` and no
 * library (none is a dependency, and none is needed). China has kept UTC+8 all year since 1991
 * (no daylight saving), so the shift is exact for every instant the site shows; the test beside
 * this file checks the texts against `Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai' })`
 * and runs under other process time zones. Why not Intl: its first use with a time zone loads the
 * locale and zone data (about 30 ms of a phone's first page load, measured in
 * `pnpm bench:lighthouse:h5`), and the Date's local getters (`getHours()`…) are the browser's zone,
 * which is the bug this module exists to avoid: nothing here calls a local getter.
 */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface ChinaTimeParts {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
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
    second: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay(),
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/** Formats with `render`, or gives back an unreadable string input as it was (never 'NaN'). */
function formatWith(at: Instant, render: (parts: ChinaTimeParts) => string): string {
  const parts = chinaTimeParts(at);
  return parts === null ? String(at) : render(parts);
}

const dateKeyOf = (p: ChinaTimeParts) => `${p.year}-${two(p.month)}-${two(p.day)}`;
const clockOf = (p: ChinaTimeParts) => `${two(p.hour)}:${two(p.minute)}`;

/** '2026-11-22': the China-time day (what the API's `date` fields take; "today" is this of now). */
export const chinaDateKey = (at: Instant): string => formatWith(at, dateKeyOf);

/** '19:30'. */
export const chinaClockText = (at: Instant): string => formatWith(at, clockOf);

/** '11/22'. */
export const chinaMonthDayText = (at: Instant): string => formatWith(at, (p) => `${two(p.month)}/${two(p.day)}`);

/** '11/22 19:30'. */
export const chinaMonthDayTimeText = (at: Instant): string => formatWith(at, (p) => `${two(p.month)}/${two(p.day)} ${clockOf(p)}`);

/** '2026/11/22 19:30'. */
export const chinaDateTimeText = (at: Instant): string => formatWith(at, (p) => `${p.year}/${two(p.month)}/${two(p.day)} ${clockOf(p)}`);

/** '2026-11-22 19:30': an exact time in a sentence or a tooltip (the server's messages use the same). */
export const chinaMinuteText = (at: Instant): string => formatWith(at, (p) => `${dateKeyOf(p)} ${clockOf(p)}`);

/** '2026-11-22 19:30:05': ops pages' audit times. */
export const chinaSecondsText = (at: Instant): string => formatWith(at, (p) => `${dateKeyOf(p)} ${clockOf(p)}:${two(p.second)}`);

/** The China-time day `offset` days from `at` ('YYYY-MM-DD'). */
export const chinaDateKeyOffset = (at: Date, offset: number): string => chinaDateKey(at.getTime() + offset * DAY_MS);

/** The instant a China day ('YYYY-MM-DD') starts; null for an impossible date. */
export function chinaDayStart(dateKey: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateKey)) return null;
  const midnightUtc = Date.parse(`${dateKey}T00:00:00Z`);
  if (Number.isNaN(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== dateKey) return null;
  return new Date(midnightUtc - CHINA_OFFSET_MS);
}

/**
 * When something happened, as Chinese sites say it (posts, comments, a feed). `now` is the page's
 * clock; "today" and "yesterday" are China calendar days, never the browser's:
 * - less than a minute ago (or up to a minute ahead: a clock running slow) → '刚刚';
 * - less than an hour ago → 'N分钟前' (1–59, whole minutes);
 * - earlier the same China day → 'N小时前' (whole hours);
 * - the China day before → '昨天 21:55';
 * - earlier this China year → '11-22 21:55';
 * - an earlier year → '2025-11-22';
 * - more than a minute ahead of `now` → '11-22 21:55' this year, else '2027-01-02 21:55' (the
 *   page's clock is off, or it is not a past event: an exact time, never "ago").
 * An unreadable instant is shown as it came. Pair it with `chinaMinuteText` in a `title`, so the
 * exact time is one hover away.
 */
export function chinaRelativeText(at: Instant, now: Instant = Date.now()): string {
  const when = chinaTimeParts(at);
  const atMs = millisOf(at);
  const nowMs = millisOf(now);
  if (when === null || atMs === null || nowMs === null) return String(at);
  const ago = nowMs - atMs;
  const today = chinaTimeParts(nowMs) as ChinaTimeParts;
  const monthDayClock = `${two(when.month)}-${two(when.day)} ${clockOf(when)}`;
  if (ago < -MINUTE_MS) return when.year === today.year ? monthDayClock : `${dateKeyOf(when)} ${clockOf(when)}`;
  if (ago < MINUTE_MS) return '刚刚';
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)}分钟前`;
  if (dateKeyOf(when) === dateKeyOf(today)) return `${Math.floor(ago / HOUR_MS)}小时前`;
  if (dateKeyOf(when) === chinaDateKey(nowMs - DAY_MS)) return `昨天 ${clockOf(when)}`;
  return when.year === today.year ? monthDayClock : dateKeyOf(when);
}

/**
 * An instant as an `<input type="datetime-local">` value in China time ('2026-11-22T19:30'), so an
 * ops form shows the time ops mean whatever the browser's zone; '' for an unreadable instant.
 */
export function chinaInputValue(at: Instant): string {
  const parts = chinaTimeParts(at);
  return parts === null ? '' : `${dateKeyOf(parts)}T${clockOf(parts)}`;
}

/** A datetime-local value read as China time → ISO instant in UTC; null when empty or not a time. */
export function fromChinaInputValue(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (match === null) return null;
  const [, day = '', hour = '', minute = '', second = '00'] = match;
  const start = chinaDayStart(day);
  if (start === null || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  return new Date(start.getTime() + Number(hour) * HOUR_MS + Number(minute) * MINUTE_MS + Number(second) * 1000).toISOString();
}

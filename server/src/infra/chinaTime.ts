import { type ChinaTimeParts, chinaDateKey, chinaDayStart, chinaMinuteText, chinaSecondsText, chinaTimeParts } from '@sports/shared/server';

/**
 * The server's one helper for China time (issue 33): the site's calendar and every time a user
 * reads are China's (Asia/Shanghai, UTC+8, no daylight saving), whatever the server process's time
 * zone (`TZ`). Built on @sports/shared's chinaTime (shared/src/time/README.md), the formatter the
 * pages use, so a time reads the same in a server message as on a page.
 *
 * What goes out: the API sends instants as ISO 8601 in UTC (`Date` → JSON, `…Z`), never a zone-less
 * local string; the texts below are for fields and messages that are meant to be read as China
 * time (the ban and mute messages, the payment provider's request times), and say so. Day
 * boundaries (a member's daily caps and withdrawals, "today's" schedule, gift rankings per day
 * and week, a room's publishes today) are China calendar days: `chinaDate` and `chinaDayRange`.
 * chinaTime.test.ts runs these under TZ=UTC and TZ=America/New_York and gets China's answers.
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An invalid Date throws, as `toISOString()` did here before: never a day called 'Invalid Date'. */
function valid(at: Date): Date {
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  return at;
}

/** 'YYYY-MM-DD' of the instant in China: the day a daily limit, a list or a schedule counts in. */
export function chinaDate(at: Date): string {
  return chinaDateKey(valid(at));
}

/** 'YYYY-MM-DD HH:mm:ss' of the instant in China (Alipay's request and expiry times). */
export function chinaDateTime(at: Date): string {
  return chinaSecondsText(valid(at));
}

/** 'YYYY-MM-DD HH:mm' of the instant in China: until when in a message (a ban, a lock). */
export function chinaMinute(at: Date): string {
  return chinaMinuteText(valid(at));
}

/** 'MM-DD HH:mm' of the instant in China: until when in a chat notice (a mute). */
export function chinaMonthDayMinute(at: Date): string {
  return chinaMinuteText(valid(at)).slice(5);
}

/** The instant a China day starts, and the next day's start; null for an impossible date. */
export function chinaDayRange(date: string): { from: Date; to: Date } | null {
  const from = chinaDayStart(date);
  return from === null ? null : { from, to: new Date(from.getTime() + 86_400_000) };
}

/** Year and month (1-12) in China. */
export function chinaYearMonth(at: Date): { year: number; month: number } {
  const parts = chinaTimeParts(valid(at)) as ChinaTimeParts;
  return { year: parts.year, month: parts.month };
}

import type { HTMLAttributes } from 'react';
import { chinaClockText, chinaDateKey, chinaDateTimeText, chinaMinuteText, chinaMonthDayText, chinaMonthDayTimeText, chinaRelativeText, chinaSecondsText, type Instant } from '../time/chinaTime';

export interface RelativeChinaTimeProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> {
  /** The instant (ISO 8601 with an offset, as the API sends it). */
  at: string;
  /** The page's clock; for tests. */
  now?: number;
}

/**
 * When a post, a comment or a feed item happened, as everywhere on the site (time/README.md):
 * `<time>` with the China-time relative text (刚刚, 5分钟前, 昨天 21:55…), the exact China time
 * ('2026-11-22 21:55') as its tooltip and the instant as `dateTime`. Every page that shows the
 * same item shows the same text.
 */
export function RelativeChinaTime({ at, now, ...rest }: RelativeChinaTimeProps) {
  return (
    <time dateTime={at} title={chinaMinuteText(at)} {...rest}>
      {chinaRelativeText(at, now ?? Date.now())}
    </time>
  );
}

/** How an exact China time reads: 'clock' 21:55, 'date' 2026-11-22, 'monthDay' 11/22, 'monthDayTime' 11/22 21:55, 'dateTime' 2026/11/22 21:55, 'minute' 2026-11-22 21:55, 'seconds' 2026-11-22 21:55:08. */
export type ChinaTimeFormat = 'clock' | 'date' | 'monthDay' | 'monthDayTime' | 'dateTime' | 'minute' | 'seconds';

const FORMATTERS: Record<ChinaTimeFormat, (at: Instant) => string> = {
  clock: chinaClockText,
  date: chinaDateKey,
  monthDay: chinaMonthDayText,
  monthDayTime: chinaMonthDayTimeText,
  dateTime: chinaDateTimeText,
  minute: chinaMinuteText,
  seconds: chinaSecondsText,
};

export interface ChinaTimeProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> {
  /** The instant (ISO 8601 with an offset, or epoch milliseconds). */
  at: string | number;
  format?: ChinaTimeFormat;
}

/**
 * An exact time (a kick-off, an order, a record) in China time whatever the browser's zone:
 * `<time>` with the instant as `dateTime` and the full minute as its tooltip.
 */
export function ChinaTime({ at, format = 'minute', ...rest }: ChinaTimeProps) {
  const iso = typeof at === 'number' ? new Date(at).toISOString() : at;
  return (
    <time dateTime={iso} title={chinaMinuteText(at)} {...rest}>
      {FORMATTERS[format](at)}
    </time>
  );
}

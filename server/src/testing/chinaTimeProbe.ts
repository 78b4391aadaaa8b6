/**
 * The server's China-time answers as JSON on stdout, for src/infra/chinaTime.test.ts to run under
 * several process time zones (TZ=…) and compare: day boundaries, the texts users read, and what
 * an instant looks like on the wire. Run: TZ=America/New_York node --import tsx src/testing/chinaTimeProbe.ts
 */
import pg from 'pg';
import { chatMessages } from '../chat/chatMessages';
import { chinaDate, chinaDateTime, chinaDayRange, chinaMinute, chinaMonthDayMinute, chinaYearMonth } from '../infra/chinaTime';
import { checkIdNumber } from '../member/idNumber';
import { watchDay } from '../member/watchHistory';
import { periodStart } from '../wallet/gifts/gifts';

/** Around China's midnight, a month's and a year's end (UTC 16:00 is China's 00:00). */
const INSTANTS = ['2026-11-22T15:59:59.999Z', '2026-11-22T16:00:00.000Z', '2026-11-22T23:13:00.000Z', '2026-12-31T15:59:00.000Z', '2026-12-31T16:00:00.000Z', '2026-03-08T07:30:00.000Z'];

const TIMESTAMPTZ_OID = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => Date;

const answers = INSTANTS.map((iso) => {
  const at = new Date(iso);
  const day = chinaDate(at);
  const range = chinaDayRange(day);
  return {
    iso,
    chinaDate: day,
    chinaDayRange: range && { from: range.from.toISOString(), to: range.to.toISOString() },
    chinaDateTime: chinaDateTime(at),
    chinaMinute: chinaMinute(at),
    chinaMonthDayMinute: chinaMonthDayMinute(at),
    chinaYearMonth: chinaYearMonth(at),
    watchDay: watchDay(at),
    giftDayStart: periodStart('day', at).toISOString(),
    giftWeekStart: periodStart('week', at).toISOString(),
    mutedUntil: chatMessages.mutedUntil(at),
    // A member born on China's today is not "born in the future" (the ID number 11010520261123001X, built below).
    idNumberBornToday: checkIdNumber(withCheck(`110105${day.replaceAll('-', '')}001`), at).valid,
    // On the wire: a Date in a JSON answer is UTC with its Z, and PostgreSQL's timestamptz comes back as that instant.
    json: JSON.stringify({ at }),
    fromPostgres: parseTimestamptz(`${chinaDateTime(at)}+08`).toISOString(),
  };
});

function withCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

process.stdout.write(JSON.stringify({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, localHours: new Date(INSTANTS[2] as string).getHours(), answers }));

/**
 * The site's calendar is China's (UTC+8, no daylight saving): a schedule "day" and a season's
 * year are read there, whatever the server's time zone.
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD' of the instant in China. */
export function chinaDate(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm:ss' of the instant in China (Alipay's request and expiry times). */
export function chinaDateTime(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}

/** The instant a China day starts, and the next day's start; null for an impossible date. */
export function chinaDayRange(date: string): { from: Date; to: Date } | null {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== date) return null;
  const from = new Date(midnightUtc - CHINA_OFFSET_MS);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** Year and month (1-12) in China. */
export function chinaYearMonth(at: Date): { year: number; month: number } {
  const shifted = new Date(at.getTime() + CHINA_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

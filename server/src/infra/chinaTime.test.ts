import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './config/serverPaths';
import { chinaDate, chinaDateTime, chinaDayRange, chinaMinute, chinaMonthDayMinute, chinaYearMonth } from './chinaTime';

const run = promisify(execFile);

interface ProbeAnswer {
  iso: string;
  chinaDate: string;
  chinaDayRange: { from: string; to: string } | null;
  chinaMinute: string;
  giftDayStart: string;
  giftWeekStart: string;
  mutedUntil: string;
  idNumberBornToday: boolean;
  json: string;
  fromPostgres: string;
}

/** src/testing/chinaTimeProbe.ts in a fresh Node process whose zone is `zone`, as a server started with TZ=… */
async function probe(zone: string): Promise<{ zone: string; localHours: number; answers: ProbeAnswer[] }> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/testing/chinaTimeProbe.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', TZ: zone },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as { zone: string; localHours: number; answers: ProbeAnswer[] };
}

describe('China time on the server (issue 33)', () => {
  it('texts and day boundaries are China time', () => {
    const at = new Date('2026-11-22T23:13:00Z');
    expect(chinaDate(at)).toBe('2026-11-23');
    expect(chinaDateTime(at)).toBe('2026-11-23 07:13:00');
    expect(chinaMinute(at)).toBe('2026-11-23 07:13');
    expect(chinaMonthDayMinute(at)).toBe('11-23 07:13');
    expect(chinaYearMonth(new Date('2026-12-31T16:00:00Z'))).toEqual({ year: 2027, month: 1 });
    expect(chinaDayRange('2026-11-23')).toEqual({ from: new Date('2026-11-22T16:00:00Z'), to: new Date('2026-11-23T16:00:00Z') });
    expect(chinaDayRange('2026-02-30')).toBeNull();
    expect(() => chinaDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('a server process in UTC or New York gives the same answers as one in Shanghai', { timeout: 120_000 }, async () => {
    // One after another: three Node start-ups with tsx side by side load a 2-core machine for nothing.
    const shanghai = await probe('Asia/Shanghai');
    const utc = await probe('UTC');
    const newYork = await probe('America/New_York');
    // The zones really differ: the process's own local clock reads 07:13, 23:13 and 18:13.
    expect([shanghai.localHours, utc.localHours, newYork.localHours]).toEqual([7, 23, 18]);
    expect(utc.answers).toEqual(shanghai.answers);
    expect(newYork.answers).toEqual(shanghai.answers);

    const [lastSecond, midnight, morning] = newYork.answers;
    // China's midnight is UTC 16:00: the day (a daily limit's, a schedule's, a ranking's) turns there.
    expect(lastSecond).toMatchObject({ chinaDate: '2026-11-22', giftDayStart: '2026-11-21T16:00:00.000Z' });
    expect(midnight).toMatchObject({ chinaDate: '2026-11-23', chinaDayRange: { from: '2026-11-22T16:00:00.000Z', to: '2026-11-23T16:00:00.000Z' }, giftDayStart: '2026-11-22T16:00:00.000Z' });
    // 2026-11-23 is a Monday in China (still Sunday in New York and in UTC): the week starts that midnight.
    expect(midnight?.giftWeekStart).toBe('2026-11-22T16:00:00.000Z');
    expect(morning).toMatchObject({ chinaMinute: '2026-11-23 07:13', mutedUntil: '您已被禁言至 11-23 07:13，暂时不能发言', idNumberBornToday: true });
    // On the wire an instant is UTC with its Z, never a zone-less local string.
    expect(morning?.json).toBe('{"at":"2026-11-22T23:13:00.000Z"}');
    expect(morning?.fromPostgres).toBe('2026-11-22T23:13:00.000Z');
  });
});

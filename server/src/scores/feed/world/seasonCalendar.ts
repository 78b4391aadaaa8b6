import { CHINA_OFFSET_MS } from '../../../infra/chinaTime';
import type { DemoCompetitionSpec } from './demoCompetitions';

/**
 * When each competition is played: its window in the year (China dates, 'MM-DD', inclusive; a
 * window running across New Year wraps), how far a season is at a date, and the round a day's
 * fixtures belong to. The demo plans no fixture outside a competition's window (no World Cup in
 * December, no LPL in its off-season) and starts each table with the rounds a real season would
 * have played by then.
 */
const DAY_MS = 86_400_000;

/** Month and day of `at` in China, as a number MMDD (December 6th: 1206). */
export function chinaMonthDay(at: Date): number {
  const china = new Date(at.getTime() + CHINA_OFFSET_MS);
  return (china.getUTCMonth() + 1) * 100 + china.getUTCDate();
}

const monthDay = (text: string): number => Number(text.slice(0, 2)) * 100 + Number(text.slice(3, 5));

/** Whether `at` falls in the competition's window (no window: played all year). */
export function inSeasonWindow(spec: DemoCompetitionSpec, at: Date): boolean {
  return spec.window === undefined || inRange(chinaMonthDay(at), spec.window.from, spec.window.to);
}

/**
 * Whether the demo plans the competition's fixtures at `at`: inside its window and, for a cup,
 * its league or group phase (the demo does not play knockouts).
 */
export function inPlayWindow(spec: DemoCompetitionSpec, at: Date): boolean {
  return spec.window === undefined || inRange(chinaMonthDay(at), spec.window.from, spec.phaseTo ?? spec.window.to);
}

function inRange(day: number, fromText: string, toText: string): boolean {
  const from = monthDay(fromText);
  const to = monthDay(toText);
  return from <= to ? day >= from && day <= to : day >= from || day <= to;
}

/** The China-midnight instant of month-day `text` in `year`. */
function instantOf(year: number, text: string): number {
  return Date.UTC(year, Number(text.slice(0, 2)) - 1, Number(text.slice(3, 5))) - CHINA_OFFSET_MS;
}

/**
 * The share (0..1) of the competition's rounds played by `at`: 0 before its window opens, 1 once
 * its league or group phase (`phaseTo`, else the window's end) is over; linear in between. No
 * window: the season is the calendar year (or July-June).
 */
export function seasonProgress(spec: DemoCompetitionSpec, at: Date): number {
  const window = spec.window ?? (spec.calendarYearSeason ? { from: '01-01', to: '12-31' } : { from: '07-01', to: '06-30' });
  const end = spec.phaseTo ?? window.to;
  const china = new Date(at.getTime() + CHINA_OFFSET_MS);
  // The season `at` belongs to (as seasonName names it): the calendar year, or July to June.
  const startYear = spec.calendarYearSeason || china.getUTCMonth() >= 6 ? china.getUTCFullYear() : china.getUTCFullYear() - 1;
  const start = instantOf(startYear, window.from);
  let finish = instantOf(startYear, end);
  if (finish < start) finish = instantOf(startYear + 1, end);
  return Math.max(0, Math.min(1, (at.getTime() - start) / Math.max(DAY_MS, finish - start)));
}

/** Rounds of the league or group phase: a double round robin, or what the spec says. */
export function phaseRounds(spec: DemoCompetitionSpec): number {
  if (spec.rounds !== undefined) return spec.rounds;
  const size = spec.groups?.[0]?.size ?? spec.teams.length;
  return 2 * (size - 1);
}

/** Rounds played by `at`. */
export function roundsPlayedAt(spec: DemoCompetitionSpec, at: Date): number {
  return Math.round(seasonProgress(spec, at) * phaseRounds(spec));
}

/** The snooker tour's event of a month: its name and the frames its matches are played over. */
export interface SnookerEvent {
  name_zh: string;
  bestOf: number;
}

const SNOOKER_CALENDAR: Readonly<Record<number, SnookerEvent>> = {
  1: { name_zh: '大师赛', bestOf: 11 },
  2: { name_zh: '威尔士公开赛', bestOf: 7 },
  3: { name_zh: '球员锦标赛', bestOf: 11 },
  4: { name_zh: '世界锦标赛', bestOf: 19 },
  5: { name_zh: '世界锦标赛', bestOf: 19 },
  6: { name_zh: '冠军联赛', bestOf: 5 },
  7: { name_zh: '上海大师赛', bestOf: 11 },
  8: { name_zh: '沙特大师赛', bestOf: 9 },
  9: { name_zh: '英格兰公开赛', bestOf: 7 },
  10: { name_zh: '北爱尔兰公开赛', bestOf: 7 },
  11: { name_zh: '国际锦标赛', bestOf: 11 },
  12: { name_zh: '英国锦标赛', bestOf: 11 },
};

/** The event the snooker tour plays in the month of `at` (China time). */
export function snookerEventAt(at: Date): SnookerEvent {
  return SNOOKER_CALENDAR[Math.floor(chinaMonthDay(at) / 100)] ?? { name_zh: '英国锦标赛', bestOf: 11 };
}

/** The frames or maps a series at `at` is played over. */
export function fixtureBestOf(spec: DemoCompetitionSpec, at: Date): number {
  if (spec.sport === 'general') return snookerEventAt(at).bestOf;
  return spec.bestOf ?? 3;
}

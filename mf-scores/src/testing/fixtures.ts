import {
  createTestContext,
} from '@sports/shared/testing';
import type { ExponentRow, MatchEvent, MatchRow, PageOf, UserInfo } from '@sports/shared';

let nextId = 100;

/** A football match row as the server sends it; override what the test is about. */
export function matchRow(overrides: Partial<MatchRow> = {}): MatchRow {
  const id = overrides.match_id ?? (nextId += 1);
  return {
    match_id: id,
    sport: 'football',
    competition_id: 1,
    competition_short_zh: '英超',
    hot: true,
    round_zh: '第12轮',
    home_team_id: id * 10 + 1,
    away_team_id: id * 10 + 2,
    home_team_name_zh: `主队${id}`,
    away_team_name_zh: `客队${id}`,
    kickoff_at: '2026-05-17T11:30:00.000Z',
    status: 'live',
    period: 2,
    minute: 67,
    extra_minute: null,
    clock_seconds: null,
    match_str: "67'",
    home_score: 1,
    away_score: 0,
    home_half_score: 1,
    away_half_score: 0,
    period_scores: [],
    home_red: 0,
    away_red: 0,
    home_yellow: 0,
    away_yellow: 0,
    home_corner: 3,
    away_corner: 2,
    ...overrides,
  };
}

export function basketballRow(overrides: Partial<MatchRow> = {}): MatchRow {
  return matchRow({
    sport: 'basketball',
    competition_id: 9,
    competition_short_zh: 'NBA',
    round_zh: '常规赛',
    period: 3,
    minute: null,
    clock_seconds: 312,
    match_str: '第3节 05:12',
    home_score: 70,
    away_score: 65,
    home_half_score: null,
    away_half_score: null,
    period_scores: [
      [28, 25],
      [30, 27],
      [12, 13],
    ],
    ...overrides,
  });
}

export function matchEvent(row: MatchRow, overrides: Partial<MatchEvent> = {}): MatchEvent {
  return {
    id: (nextId += 1),
    match_id: row.match_id,
    kind: 'goal',
    side: 'home',
    detail: null,
    period: 1,
    minute: 23,
    extra_minute: null,
    clock_seconds: null,
    match_str: "23'",
    player_zh: '张三',
    player_in_zh: null,
    points: null,
    home_score: 1,
    away_score: 0,
    occurred_at: '2026-05-17T11:53:00.000Z',
    ...overrides,
  };
}

export function exponentRow(row: MatchRow, overrides: Partial<ExponentRow> = {}): ExponentRow {
  return {
    match_id: row.match_id,
    company_id: 3,
    sport: row.sport,
    europe: { open: { line: null, home: 1.9, draw: 3.4, away: 4.1 }, now: { line: null, home: 1.75, draw: 3.6, away: 4.6 } },
    asia: { open: { line: -0.5, home: 0.95, draw: null, away: 0.9 }, now: { line: -0.75, home: 0.92, draw: null, away: 0.93 } },
    total: { open: { line: 2.5, home: 0.9, draw: null, away: 0.95 }, now: { line: 2.25, home: 0.88, draw: null, away: 0.97 } },
    updated_at: '2026-05-17T12:40:00.000Z',
    ...overrides,
  };
}

export function pageOf<Item>(list: Item[], total = list.length): PageOf<Item> {
  return { list, total, page: 1, page_size: 50 };
}

export const MEMBER: UserInfo = { user_nickname: '球迷小王', avatar: '', exp: 3, balance: 0, is_anchor: 0 };

export type Answer = (params: Record<string, unknown> | undefined) => unknown;

/**
 * A RemoteContext (real store and bus, from @sports/shared/testing) whose API answers each path
 * with a value or a function of the params/body, and records every call.
 */
export function scoresContext(answers: Record<string, unknown | Answer>) {
  const context = createTestContext();
  const calls: { path: string; params?: Record<string, unknown> }[] = [];
  const answer = async (path: string, params?: Record<string, unknown>) => {
    calls.push({ path, params });
    if (!(path in answers)) throw new Error(`no answer for ${path}`);
    const value = answers[path];
    const resolved = typeof value === 'function' ? (value as Answer)(params) : value;
    if (resolved instanceof Error) throw resolved;
    return resolved;
  };
  // The raw envelope (what the rare silent call uses) answers the same table inside an envelope:
  // a missing answer or an Error is a code 1 answer.
  const envelope = async (config: { url: string; params?: Record<string, unknown> }) => {
    try {
      return { code: 200, msg: '', data: await answer(config.url, config.params) };
    } catch (error) {
      return { code: 1, msg: String(error), data: null };
    }
  };
  const api = { ...context.api, get: answer, post: answer, envelope };
  return { ...context, api: api as typeof context.api, calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, renderRemotePage } from '@sports/shared/testing';
import type { BaseCompetition, BaseCompetitionItem, BasePlayer, BaseTeam, MatchRow } from '@sports/shared';
import { routes } from '../routes';
import { KNOWLEDGE_PATHS } from './knowledgeApi';

const competitionRef = { id: 7, sport: 'football' as const, name_zh: '英格兰足球超级联赛', short_name_zh: '英超', hot: true };
const season = { id: 3, name: '2025-2026', is_current: true };

function match(overrides: Partial<MatchRow> = {}): MatchRow {
  return {
    match_id: 100,
    sport: 'football',
    competition_id: 7,
    competition_short_zh: '英超',
    hot: true,
    round_zh: '第12轮',
    home_team_id: 1,
    away_team_id: 2,
    home_team_name_zh: '阿森纳',
    away_team_name_zh: '切尔西',
    kickoff_at: '2026-03-01T12:00:00.000Z',
    status: 'finished',
    period: 2,
    minute: null,
    extra_minute: null,
    clock_seconds: null,
    match_str: '完场',
    home_score: 2,
    away_score: 1,
    home_half_score: 1,
    away_half_score: 0,
    period_scores: [],
    home_red: 0,
    away_red: 0,
    home_yellow: 0,
    away_yellow: 0,
    home_corner: 0,
    away_corner: 0,
    ...overrides,
  };
}

const stats = { appearances: 10, goals: 7, assists: 3, points: 0, rebounds: 0 };

function competition(overrides: Partial<BaseCompetition> = {}): BaseCompetition {
  return {
    competition: competitionRef,
    season,
    seasons: [season, { id: 2, name: '2024-2025', is_current: false }],
    groups: [
      {
        group_name: '',
        rows: [
          { position: 1, team_id: 1, team_name_zh: '阿森纳', team_short_zh: '阿森纳', played: 12, won: 9, drawn: 2, lost: 1, goals_for: 25, goals_against: 8, goal_diff: 17, points: 29, form: 'WWDWW' },
          { position: 2, team_id: 2, team_name_zh: '切尔西', team_short_zh: '切尔西', played: 12, won: 8, drawn: 2, lost: 2, goals_for: 20, goals_against: 10, goal_diff: 10, points: 26, form: 'WLWWD' },
        ],
      },
    ],
    results: [match()],
    fixtures: [match({ match_id: 101, status: 'scheduled', match_str: '未开赛', home_score: 0, away_score: 0, home_team_id: 2, away_team_id: 1, home_team_name_zh: '切尔西', away_team_name_zh: '阿森纳' })],
    top_scorers: [{ rank: 1, player_id: 55, player_name_zh: '布卡约·萨卡', team_id: 1, team_name_zh: '阿森纳', value: 7, matches: 6 }],
    records: [{ kind: 'biggest_win', label_zh: '最大比分差', match: match() }],
    finished_count: 1,
    ...overrides,
  };
}

const team: BaseTeam = {
  team: { id: 1, sport: 'football', name_zh: '阿森纳', short_name_zh: '阿森纳', venue_zh: '阿森纳主场' },
  competitions: [{ competition: competitionRef, season, group_name: '', position: 1, points: 29 }],
  squad: [
    { id: 54, name_zh: '大卫·拉亚', shirt_number: 1, position: 'GK', position_zh: '门将', stats: { ...stats, goals: 0, assists: 0 } },
    { id: 55, name_zh: '布卡约·萨卡', shirt_number: 7, position: 'FW', position_zh: '前锋', stats },
  ],
  form: [
    { result: 'W', match: match() },
    { result: 'L', match: match({ match_id: 99, home_score: 0, away_score: 1 }) },
  ],
  fixtures: [],
};

const player: BasePlayer = {
  player: { id: 55, name_zh: '布卡约·萨卡', shirt_number: 7, position: 'FW', position_zh: '前锋' },
  team: team.team,
  seasons: [{ competition: competitionRef, season, stats }],
  recent: [{ match: match(), value: 2 }],
};

afterEach(cleanup);

describe('knowledge bases', () => {
  it('lists the sport’s competitions, each a link to its page', async () => {
    const list: BaseCompetitionItem[] = [{ ...competitionRef, season, team_count: 20 }, { id: 9, sport: 'football', name_zh: '国际足联世界杯', short_name_zh: '世界杯', hot: true, season: null, team_count: 0 }];
    const context = createTestContext({ [KNOWLEDGE_PATHS.competitions]: list });
    renderRemotePage(routes, 'base-football', {}, context);
    expect(await screen.findByRole('heading', { level: 1, name: '足球资料库' })).toBeTruthy();
    const cards = await screen.findByTestId('base-competitions');
    expect(within(cards).getByRole('link', { name: /英超/ }).getAttribute('href')).toBe('#/base-football?competition=7');
    expect(within(cards).getByText(/2025-2026 赛季 · 20 支球队/)).toBeTruthy();
    expect(within(cards).getByText('暂无赛季数据')).toBeTruthy();
    expect(context.calls).toEqual([{ path: KNOWLEDGE_PATHS.competitions, params: { sport: 'football' } }]);
  });

  it('base-basketball asks for basketball', async () => {
    const context = createTestContext({ [KNOWLEDGE_PATHS.competitions]: [] });
    renderRemotePage(routes, 'base-basketball', {}, context);
    expect(await screen.findByText('暂无赛事资料')).toBeTruthy();
    expect(context.calls[0]?.params).toEqual({ sport: 'basketball' });
  });

  it('shows a competition’s season: standings, scorers, fixtures, results with more by cursor, records', async () => {
    const older = match({ match_id: 90, home_team_name_zh: '热刺', away_team_name_zh: '利物浦', kickoff_at: '2026-02-20T12:00:00.000Z' });
    const context = createTestContext({
      [KNOWLEDGE_PATHS.competition]: competition({ finished_count: 2 }),
      [KNOWLEDGE_PATHS.matches]: { list: [older], next_cursor: null },
    });
    renderRemotePage(routes, 'base-football', { competition: '7' }, context);
    const standings = await screen.findByTestId('base-standings');
    expect(within(standings).getByRole('link', { name: '阿森纳' }).getAttribute('href')).toBe('#/base-football?team=1');
    expect(within(screen.getByTestId('base-scorers')).getByRole('link', { name: '布卡约·萨卡' }).getAttribute('href')).toBe('#/base-football?player=55');
    expect(within(screen.getByTestId('base-fixtures')).getByText('未开赛')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2024-2025' }).getAttribute('href')).toBe('#/base-football?competition=7&season=2');
    expect(screen.getByTestId('base-records').textContent).toContain('最大比分差');

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await within(screen.getByTestId('base-results')).findByText('热刺')).toBeTruthy();
    const call = context.calls.find((entry) => entry.path === KNOWLEDGE_PATHS.matches);
    expect(call?.params).toEqual({ competition_id: 7, season_id: 3, kind: 'results', cursor: `${Date.parse('2026-03-01T12:00:00.000Z')}_100`, page_size: 20 });
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('shows a team: squad with numbers and statistics, form, competitions', async () => {
    const context = createTestContext({ [KNOWLEDGE_PATHS.team]: team });
    renderRemotePage(routes, 'base-football', { team: '1' }, context);
    expect(await screen.findByRole('heading', { level: 2, name: '阿森纳' })).toBeTruthy();
    const squad = screen.getByTestId('base-squad');
    const saka = within(squad).getByRole('link', { name: '布卡约·萨卡' });
    expect(saka.getAttribute('href')).toBe('#/base-football?player=55');
    expect(within(squad).getByText('门将')).toBeTruthy();
    const form = screen.getByTestId('base-form');
    expect(within(form).getAllByText(/^[胜平负]$/).map((node) => node.textContent)).toEqual(['胜', '负']);
    expect(screen.getByText('暂无赛程')).toBeTruthy();
    expect(screen.getByRole('link', { name: '英超' }).getAttribute('href')).toBe('#/base-football?competition=7');
    expect(context.calls).toEqual([{ path: KNOWLEDGE_PATHS.team, params: { id: 1 } }]);
    // Its match-centre page (mf-scores, issue 36): season with xG, recent results, squad.
    expect(within(screen.getByTestId('base-team')).getByRole('link', { name: '比赛数据' }).getAttribute('href')).toBe('#/team?id=1');
    // No 'demo data' note in the UI (issue 33).
    expect(document.body.textContent).not.toMatch(/演示/);
  });

  it('shows a player: team, position, number, season statistics, recent matches', async () => {
    const context = createTestContext({ [KNOWLEDGE_PATHS.player]: player });
    renderRemotePage(routes, 'base-football', { player: '55' }, context);
    const card = await screen.findByTestId('base-player');
    expect(within(card).getByRole('link', { name: '阿森纳' }).getAttribute('href')).toBe('#/base-football?team=1');
    expect(within(card).getByText('前锋')).toBeTruthy();
    expect(within(card).getByText('7')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '比赛数据' }).getAttribute('href')).toBe('#/player?id=55');
    const table = screen.getByTestId('base-player-stats');
    expect(within(table).getByRole('columnheader', { name: '进球' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: '篮板' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/演示/);
  });

  it('refuses an id that is not a number without asking the server', async () => {
    const context = createTestContext({});
    renderRemotePage(routes, 'base-football', { team: '1 or 1=1' }, context);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(context.calls).toEqual([]);
  });

  it('says so when loading fails, and retries', async () => {
    const context = createTestContext({});
    renderRemotePage(routes, 'base-football', { team: '1' }, context);
    expect(await screen.findByText(/资料加载失败/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(context.calls).toHaveLength(2);
  });

  it('renders names as text, never as markup', async () => {
    const hostile = { ...team, team: { ...team.team, name_zh: '<img src=x onerror=alert(1)>' } };
    renderRemotePage(routes, 'base-football', { team: '1' }, createTestContext({ [KNOWLEDGE_PATHS.team]: hostile }));
    expect(await screen.findByRole('heading', { level: 2, name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MatchDetail, MatchRow } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { SCORES_PATHS } from '../api/scoresApi';
import { routes } from '../routes';
import { FakeLiveSocket } from '../testing/fakeLiveSocket';
import { exponentRow, matchEvent, matchRow, pageOf, scoresContext } from '../testing/fixtures';

function detailOf(row: MatchRow): MatchDetail {
  return { match: row, competition_name_zh: '英格兰足球超级联赛', season_name: '2025/26', venue_zh: '酋长球场', home_team_short_zh: '阿森纳', away_team_short_zh: '切尔西' };
}

function detailContext(row: MatchRow, overrides: Record<string, unknown> = {}) {
  let events = [matchEvent(row, { player_zh: '萨卡', match_str: "23'" })];
  const context = scoresContext({
    [SCORES_PATHS.detail]: detailOf(row),
    [SCORES_PATHS.events]: () => pageOf(events),
    [SCORES_PATHS.robot]: pageOf([{ id: 1, kind: 'goal', match_str: "23'", text: '萨卡破门，阿森纳 1-0 领先', occurred_at: '2026-05-17T11:53:00.000Z' }]),
    [SCORES_PATHS.statistics]: [
      { kind: 'possession', name_zh: '控球率', home: 58, away: 42 },
      { kind: 'shots', name_zh: '射门', home: 11, away: 6 },
    ],
    [SCORES_PATHS.oddsCompanies]: [
      { id: 3, name_zh: '皇冠' },
      { id: 5, name_zh: '澳门' },
    ],
    [SCORES_PATHS.exponent]: [exponentRow(row), exponentRow(row, { company_id: 5, europe: { open: { line: null, home: 2.0, draw: 3.3, away: 3.9 }, now: { line: null, home: 2.1, draw: 3.2, away: 3.8 } } })],
    [SCORES_PATHS.oddsHistory]: pageOf([
      { line: null, home: 1.9, draw: 3.4, away: 4.1, status: 'scheduled', match_str: '未开赛', home_score: 0, away_score: 0, recorded_at: '2026-05-17T10:00:00.000Z' },
      { line: null, home: 1.75, draw: 3.6, away: 4.6, status: 'live', match_str: "60'", home_score: 1, away_score: 0, recorded_at: '2026-05-17T12:35:00.000Z' },
    ]),
    [SCORES_PATHS.seasonTable]: {
      competition: { id: 1, sport: 'football', name_zh: '英格兰足球超级联赛', short_name_zh: '英超', hot: true },
      season: { id: 1, name: '2025/26' },
      groups: [
        {
          group_name: '',
          rows: [
            { position: 1, team_id: row.home_team_id, team_name_zh: '阿森纳', team_short_zh: '阿森纳', played: 12, won: 9, drawn: 2, lost: 1, goals_for: 25, goals_against: 8, goal_diff: 17, points: 29, form: 'WWDWW' },
            { position: 2, team_id: 77, team_name_zh: '曼城', team_short_zh: '曼城', played: 12, won: 8, drawn: 2, lost: 2, goals_for: 27, goals_against: 12, goal_diff: 15, points: 26, form: 'WLWWD' },
          ],
        },
      ],
    },
    [SCORES_PATHS.intelligence]: {
      match_id: row.match_id,
      absences: [{ side: 'away', player_zh: '帕尔默', kind: 'injury', reason_zh: '腿筋拉伤' }],
      home_recent: [{ date: '2026-05-10', competition_short_zh: '英超', home_team_name_zh: '阿森纳', away_team_name_zh: '热刺', home_score: 3, away_score: 1, result: 'W' }],
      away_recent: [],
      head_to_head: [{ date: '2025-12-01', competition_short_zh: '英超', home_team_name_zh: '切尔西', away_team_name_zh: '阿森纳', home_score: 1, away_score: 1, result: '' }],
    },
    ...overrides,
  });
  return { context, setEvents: (next: typeof events) => (events = next) };
}

const arsenal = () => matchRow({ home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', home_score: 1, away_score: 0, home_half_score: 1, away_half_score: 0, match_str: "67'" });

describe('score detail', () => {
  it('without an id says where to come from', async () => {
    renderRemotePage(routes, 'score-detail', {}, scoresContext({}));
    expect(await screen.findByText(/缺少比赛编号/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '比赛详情' })).toBeTruthy();
  });

  it('shows the match and its timeline of events, with the commentary', async () => {
    const row = arsenal();
    const { context } = detailContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    expect((await screen.findByTestId('detail-score')).textContent).toBe('1-0');
    expect(screen.getByTestId('detail-status').textContent).toBe("67' · 半场 1-0");
    expect(screen.getByText(/酋长球场/)).toBeTruthy();
    const timeline = await screen.findByTestId('timeline');
    expect(within(timeline).getByText('进球 萨卡')).toBeTruthy();
    expect(await screen.findByText('萨卡破门，阿森纳 1-0 领先')).toBeTruthy();
    expect(context.callsTo(SCORES_PATHS.detail)[0]?.params).toEqual({ match_id: row.match_id });
  });

  it('a knockout decided on penalties shows the score after 120 minutes and the shoot-out', async () => {
    const row = matchRow({ ...arsenal(), round_zh: '决赛', status: 'finished', match_str: '完场', home_score: 1, away_score: 1, home_penalty_score: 4, away_penalty_score: 3 });
    const { context } = detailContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    expect((await screen.findByTestId('detail-score')).textContent).toBe('1-1');
    expect(screen.getByTestId('detail-status').textContent).toBe('完场 · 半场 1-0 · 点球 4-3');
  });

  it('links each team to its page in the knowledge base', async () => {
    const row = arsenal();
    const { context } = detailContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    const home = await screen.findByRole('link', { name: '阿森纳' });
    expect(home.getAttribute('href')).toBe(`#/base-football?team=${row.home_team_id}`);
    expect(screen.getByRole('link', { name: '切尔西' }).getAttribute('href')).toBe(`#/base-football?team=${row.away_team_id}`);
  });

  it('a live goal updates the score and reloads the timeline', async () => {
    const row = arsenal();
    const { context, setEvents } = detailContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    await screen.findByTestId('timeline');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));

    setEvents([
      matchEvent(row, { player_zh: '萨卡', match_str: "23'" }),
      matchEvent(row, { side: 'away', player_zh: '杰克逊', match_str: "70'", minute: 70, home_score: 1, away_score: 1 }),
    ]);
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'football_match', seq: 7, data: [{ ...row, away_score: 1, match_str: "70'" }] }));

    expect(screen.getByTestId('detail-score').textContent).toBe('1-1');
    expect(await screen.findByText('进球 杰克逊')).toBeTruthy();
    // Newest first.
    expect(screen.getAllByTestId('timeline-event')[0]?.textContent).toContain("70'");
    // Rows of other matches do not touch this one.
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'football_match', seq: 8, data: [matchRow({ home_score: 5 })] }));
    expect(screen.getByTestId('detail-score').textContent).toBe('1-1');
  });

  it('statistics, standings (the two teams highlighted) and intelligence are tabs', async () => {
    const row = arsenal();
    const { context } = detailContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    fireEvent.click(await screen.findByRole('tab', { name: '技术统计' }));
    // One line that scrolls sideways on a phone, never two rows (issue 33).
    const tabs = getComputedStyle(screen.getByRole('tablist'));
    expect([tabs.flexWrap, tabs.overflowX]).toEqual(['nowrap', 'auto']);
    const statistics = await screen.findByTestId('statistics');
    expect(within(statistics).getByText('控球率')).toBeTruthy();
    expect(within(statistics).getByText('58')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '积分榜' }));
    const standings = await screen.findByTestId('standings');
    const leader = within(standings).getAllByRole('row')[1] as HTMLElement;
    expect(leader.textContent).toContain('阿森纳');
    expect(leader.getAttribute('data-highlight')).toBe('true');
    expect(context.callsTo(SCORES_PATHS.seasonTable)[0]?.params).toEqual({ competition_id: row.competition_id });

    fireEvent.click(screen.getByRole('tab', { name: '情报' }));
    const intelligence = await screen.findByTestId('intelligence');
    expect(within(intelligence).getByText('帕尔默')).toBeTruthy();
    expect(within(intelligence).getByText('腿筋拉伤')).toBeTruthy();
    expect(within(intelligence).getByRole('heading', { name: '阿森纳 近期战绩' })).toBeTruthy();
    expect(within(intelligence).getByRole('table', { name: '历史交锋' })).toBeTruthy();
  });

  it('odds: 1X2, Asian handicap and over/under of the chosen company, live, with history', async () => {
    const row = arsenal();
    const { context } = detailContext(row);
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    fireEvent.click(await screen.findByRole('tab', { name: '指数' }));
    const odds = await screen.findByTestId('odds');
    await waitFor(() => expect(odds.querySelector('[data-market="europe"][data-quote="now"]')?.textContent).toContain('1.75'));
    expect(within(odds).getByText('欧指（胜平负）')).toBeTruthy();
    expect(within(odds).getByText('亚盘（让球）')).toBeTruthy();
    expect(within(odds).getByText('大小球')).toBeTruthy();
    expect(odds.querySelector('[data-market="asia"][data-quote="now"]')?.textContent).toContain('-0.75');

    // The socket's exponent frame for this match and company replaces the current prices.
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    act(() =>
      FakeLiveSocket.broadcast({
        code: 100,
        type: 'football_exponent',
        seq: 4,
        data: [exponentRow(row, { europe: { open: { line: null, home: 1.9, draw: 3.4, away: 4.1 }, now: { line: null, home: 1.55, draw: 3.9, away: 5.5 } }, updated_at: '2026-05-17T12:41:00.000Z' })],
      }),
    );
    expect(odds.querySelector('[data-market="europe"][data-quote="now"]')?.textContent).toContain('1.55');

    fireEvent.click(within(odds).getByRole('button', { name: '欧指（胜平负）变化记录' }));
    const history = await screen.findByTestId('odds-history');
    const moves = await within(history).findAllByRole('row');
    expect(moves).toHaveLength(3);
    // Newest first.
    expect(moves[1]?.textContent).toContain("60'");
    expect(context.callsTo(SCORES_PATHS.oddsHistory)[0]?.params).toMatchObject({ match_id: row.match_id, company_id: 3, market: 'europe' });

    // Another company: its prices, and the socket is toggled to it.
    fireEvent.change(within(odds).getByLabelText('指数公司'), { target: { value: '5' } });
    expect(odds.querySelector('[data-market="europe"][data-quote="now"]')?.textContent).toContain('2.10');
    expect((FakeLiveSocket.opened[0] as FakeLiveSocket).sent).toContainEqual({ type: 'toggle', company_id: 5 });
    await waitFor(() => expect(context.callsTo(SCORES_PATHS.oddsHistory).at(-1)?.params).toMatchObject({ company_id: 5, market: 'europe' }));
  });

  it('a long timeline shows the newest events (the last pages)', async () => {
    const row = arsenal();
    const events = Array.from({ length: 230 }, (_, index) => matchEvent(row, { kind: 'substitution', player_zh: `球员${index}`, player_in_zh: '替补', match_str: `${index}'` }));
    const { context } = detailContext(row, {
      [SCORES_PATHS.events]: (params: Record<string, unknown> | undefined) => {
        const page = Number(params?.page ?? 1);
        const size = Number(params?.page_size);
        return { list: events.slice((page - 1) * size, page * size), total: events.length, page, page_size: size };
      },
    });
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    const shown = await screen.findAllByTestId('timeline-event');
    expect(shown).toHaveLength(100);
    expect(shown[0]?.textContent).toContain('球员229');
    expect(shown.at(-1)?.textContent).toContain('球员130');
    expect(context.callsTo(SCORES_PATHS.events).map((call) => call.params?.page)).toEqual([1, 2, 3]);
  });

  it('a competition without standings says so, without an error toast', async () => {
    const row = arsenal();
    const { context } = detailContext(row, { [SCORES_PATHS.seasonTable]: new Error('该赛事暂无积分榜') });
    const toasts: string[] = [];
    context.eventBus.on('toast', (toast) => toasts.push(toast.message));
    renderRemotePage(routes, 'score-detail', { id: String(row.match_id) }, context);
    fireEvent.click(await screen.findByRole('tab', { name: '积分榜' }));
    expect(await screen.findByText('暂无积分榜')).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('says so when the match cannot be loaded', async () => {
    renderRemotePage(routes, 'score-detail', { id: '999' }, scoresContext({}));
    expect(await screen.findByText('比赛详情暂时无法加载')).toBeTruthy();
  });
});

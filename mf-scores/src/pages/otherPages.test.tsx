import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRemotePage } from '@sports/shared/testing';
import { SCORES_PATHS } from '../api/scoresApi';
import { chinaDay, chinaDayOffset } from '../board/format';
import { routes } from '../routes';
import { FakeLiveSocket } from '../testing/fakeLiveSocket';
import { basketballRow, matchRow, pageOf, scoresContext } from '../testing/fixtures';

describe('schedule', () => {
  it('type=2 lists today’s basketball; another day asks for that date; rows stay live', async () => {
    const game = basketballRow({ home_team_name_zh: '辽宁', away_team_name_zh: '广东', status: 'scheduled', match_str: '未开赛', home_score: 0, away_score: 0, period_scores: [] });
    const context = scoresContext({ [SCORES_PATHS.allMatch]: pageOf([game]), [SCORES_PATHS.collectList]: pageOf([]) });
    renderRemotePage(routes, 'schedule', { type: '2' }, context);
    expect(await screen.findByText('辽宁')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '篮球' }).getAttribute('aria-selected')).toBe('true');
    expect(context.callsTo(SCORES_PATHS.allMatch)[0]?.params).toMatchObject({ sport: 'basketball', date: chinaDay(new Date()) });

    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'basketball_match', seq: 1, data: [{ ...game, status: 'live', match_str: '第1节 11:40', home_score: 2 }] }));
    expect(screen.getByText('第1节 11:40')).toBeTruthy();

    const tomorrow = chinaDayOffset(new Date(), 1);
    fireEvent.click(screen.getByRole('button', { name: tomorrow.slice(5) }));
    await waitFor(() => expect(context.callsTo(SCORES_PATHS.allMatch).at(-1)?.params).toMatchObject({ sport: 'basketball', date: tomorrow }));
  });

  it('choosing a sport changes the query type', async () => {
    const context = scoresContext({ [SCORES_PATHS.allMatch]: pageOf([]) });
    const navigate = vi.fn();
    renderRemotePage(routes, 'schedule', {}, { ...context, navigate });
    expect(await screen.findByText('当天没有比赛')).toBeTruthy();
    expect(context.callsTo(SCORES_PATHS.allMatch)[0]?.params).not.toHaveProperty('sport');
    fireEvent.click(screen.getByRole('tab', { name: '足球' }));
    expect(navigate).toHaveBeenCalledWith('/schedule?type=1', { replace: true });
  });

  it('esports (type 3) and general (type 4) ask for their own sport', async () => {
    for (const [type, sport] of [['3', 'esports'], ['4', 'general']] as const) {
      const context = scoresContext({ [SCORES_PATHS.allMatch]: pageOf([]) });
      const { unmount } = renderRemotePage(routes, 'schedule', { type }, context);
      expect(await screen.findByText('当天没有比赛')).toBeTruthy();
      expect(context.callsTo(SCORES_PATHS.allMatch)[0]?.params).toMatchObject({ sport });
      unmount();
    }
  });
});

describe('foresight (intelligence centre)', () => {
  it('lists upcoming matches and shows the chosen one’s intelligence', async () => {
    const first = matchRow({ status: 'scheduled', match_str: '未开赛', home_team_name_zh: '拜仁', away_team_name_zh: '多特' });
    const second = matchRow({ status: 'scheduled', match_str: '未开赛', home_team_name_zh: '巴萨', away_team_name_zh: '皇马' });
    const context = scoresContext({
      [SCORES_PATHS.allMatch]: pageOf([first, second]),
      [SCORES_PATHS.intelligence]: (params: Record<string, unknown> | undefined) => ({
        match_id: params?.match_id,
        absences: params?.match_id === second.match_id ? [{ side: 'home', player_zh: '佩德里', kind: 'suspension', reason_zh: '累计黄牌' }] : [],
        home_recent: [],
        away_recent: [],
        head_to_head: [],
      }),
    });
    renderRemotePage(routes, 'foresight', {}, context);
    expect(await screen.findByRole('heading', { level: 2, name: '拜仁 - 多特' })).toBeTruthy();
    expect(await screen.findByText('暂无伤停')).toBeTruthy();
    expect(context.callsTo(SCORES_PATHS.allMatch)[0]?.params).toMatchObject({ sport: 'football', status: 'scheduled' });

    fireEvent.click(screen.getByRole('button', { name: /巴萨 - 皇马/ }));
    const intelligence = await screen.findByTestId('intelligence');
    expect(await within(intelligence).findByText('佩德里')).toBeTruthy();
    expect(within(intelligence).getByText('停赛')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看比赛详情' }).getAttribute('href')).toBe(`#/score-detail?id=${second.match_id}`);

    fireEvent.click(screen.getByRole('tab', { name: '篮球' }));
    await waitFor(() => expect(context.callsTo(SCORES_PATHS.allMatch).at(-1)?.params).toMatchObject({ sport: 'basketball' }));
  });
});

describe('trophy/home (World Cup)', () => {
  it('the same empty state when the World Cup is known but has no season (no toast)', async () => {
    const worldCup = { id: 40, sport: 'football', name_zh: '国际足联世界杯', short_name_zh: '世界杯', hot: true };
    const context = scoresContext({ [SCORES_PATHS.competitions]: [worldCup] });
    const toasts: string[] = [];
    context.eventBus.on('toast', (toast) => toasts.push(toast.message));
    renderRemotePage(routes, 'trophy/home', {}, context);
    expect(await screen.findByRole('heading', { name: '暂无世界杯赛事数据' })).toBeTruthy();
    expect(context.callsTo(SCORES_PATHS.seasonTable)[0]?.params).toEqual({ competition_id: 40 });
    expect(toasts).toEqual([]);
  });

  it('a clear empty state when the data has no World Cup', async () => {
    const context = scoresContext({ [SCORES_PATHS.competitions]: [{ id: 1, sport: 'football', name_zh: '英格兰足球超级联赛', short_name_zh: '英超', hot: true }] });
    renderRemotePage(routes, 'trophy/home', {}, context);
    expect(await screen.findByRole('heading', { name: '暂无世界杯赛事数据' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '世界杯' })).toBeTruthy();
  });

  it('the competition view (groups and matches) when it has one', async () => {
    const worldCup = { id: 40, sport: 'football', name_zh: '国际足联世界杯', short_name_zh: '世界杯', hot: true };
    const game = matchRow({ competition_id: 40, competition_short_zh: '世界杯', home_team_name_zh: '阿根廷', away_team_name_zh: '法国' });
    const context = scoresContext({
      [SCORES_PATHS.competitions]: [worldCup],
      [SCORES_PATHS.seasonTable]: {
        competition: worldCup,
        season: { id: 9, name: '2026' },
        groups: [
          { group_name: 'A组', rows: [{ position: 1, team_id: 1, team_name_zh: '阿根廷', team_short_zh: '阿根廷', played: 2, won: 2, drawn: 0, lost: 0, goals_for: 5, goals_against: 1, goal_diff: 4, points: 6, form: 'WW' }] },
          { group_name: 'B组', rows: [{ position: 1, team_id: 2, team_name_zh: '法国', team_short_zh: '法国', played: 2, won: 1, drawn: 1, lost: 0, goals_for: 3, goals_against: 1, goal_diff: 2, points: 4, form: 'WD' }] },
        ],
      },
      [SCORES_PATHS.allMatch]: pageOf([game]),
    });
    renderRemotePage(routes, 'trophy/home', {}, context);
    expect(await screen.findByRole('heading', { name: 'A组' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'B组' })).toBeTruthy();
    expect(await screen.findByText('法国', { selector: 'td[data-col="away"] [data-team-name]' })).toBeTruthy();
    expect(context.callsTo(SCORES_PATHS.allMatch)[0]?.params).toMatchObject({ competition_id: 40 });
    expect(screen.getByRole('link', { name: /资料库/ }).getAttribute('href')).toBe('#/base-football?competition=40');
    // No knockout played yet: no knockout panel.
    expect(screen.queryByTestId('trophy-knockouts')).toBeNull();
  });

  it('a played tournament shows its champion and each knockout round, the final first, a shoot-out as 点球', async () => {
    const worldCup = { id: 40, sport: 'football', name_zh: '国际足联世界杯', short_name_zh: '世界杯', hot: true };
    const knockout = (round: string, home: string, away: string, score: [number, number], penalties?: [number, number]) =>
      matchRow({ competition_id: 40, round_zh: round, status: 'finished', home_team_name_zh: home, away_team_name_zh: away, home_score: score[0], away_score: score[1], home_penalty_score: penalties?.[0] ?? null, away_penalty_score: penalties?.[1] ?? null });
    const final = knockout('决赛', '阿根廷', '法国', [3, 3], [2, 4]);
    const third = knockout('季军赛', '克罗地亚', '摩洛哥', [2, 1]);
    const semi = knockout('半决赛', '阿根廷', '克罗地亚', [3, 0]);
    const group = matchRow({ competition_id: 40, round_zh: 'A组', status: 'finished', home_team_name_zh: '卡塔尔', away_team_name_zh: '厄瓜多尔' });
    const context = scoresContext({
      [SCORES_PATHS.competitions]: [worldCup],
      [SCORES_PATHS.seasonTable]: { competition: worldCup, season: { id: 9, name: '2026' }, groups: [] },
      [SCORES_PATHS.allMatch]: pageOf([]),
      [SCORES_PATHS.competitionResults]: { list: [final, third, semi, group], next_cursor: null },
    });
    renderRemotePage(routes, 'trophy/home', {}, context);
    const panel = await screen.findByTestId('trophy-knockouts');
    // 3-3 after extra time, 2-4 on penalties: 法国 are champions.
    expect(within(panel).getByTestId('trophy-champion').textContent).toBe('冠军：法国');
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['决赛', '季军赛', '半决赛']);
    const matches = within(panel).getAllByTestId('knockout-match');
    expect(matches.map((item) => item.textContent)).toEqual(['阿根廷 3-3 法国（点球 2-4）', '克罗地亚 2-1 摩洛哥', '阿根廷 3-0 克罗地亚']);
    expect(within(matches[0] as HTMLElement).getByRole('link').getAttribute('href')).toBe(`#/score-detail?id=${final.match_id}`);
    expect(within(panel).queryByText(/卡塔尔/)).toBeNull();
    expect(context.callsTo(SCORES_PATHS.competitionResults)[0]?.params).toMatchObject({ competition_id: 40, kind: 'results' });
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlayerProfile, PlayerSeasonLine, TeamProfile } from '@sports/shared/matchCentre';
import { renderRemotePage } from '@sports/shared/testing';
import { routes } from '../../routes';
import { matchRow, scoresContext } from '../../testing/fixtures';
import { MATCH_CENTRE_PATHS } from '../matchCentreApi';

const season: PlayerSeasonLine = { appearances: 12, starts: 11, minutes: 990, goals: 7, assists: 4, xg: 6.42, yellow: 2, red: 0, points: 0, rebounds: 0, steals: 0, blocks: 0, average_rating: 7.46 };
const team = { id: 11, sport: 'football' as const, name_zh: '阿森纳', short_name_zh: '阿森纳' };
const recentMatch = matchRow({ match_id: 501, home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', status: 'finished', home_score: 2, away_score: 1, competition_short_zh: '英超' });

const player: PlayerProfile = {
  player: { id: 1009, name_zh: '萨卡', shirt_number: 7, position: 'FW', position_zh: '前锋' },
  team,
  season,
  recent: [{ match: recentMatch, side: 'home', starter: true, rating: 8.1, minutes: 90, goals: 1, assists: 0, points: 0, rebounds: 0 }],
};

const teamProfile: TeamProfile = {
  team,
  season: { played: 12, won: 9, drawn: 2, lost: 1, scored: 25, conceded: 8, xg_for: 22.5, xg_against: 9.25 },
  recent: [{ match: recentMatch, side: 'home', result: 'W', xg_for: 1.84, xg_against: null }],
  squad: [{ id: 1009, name_zh: '萨卡', shirt_number: 7, position: 'FW', position_zh: '前锋', season }],
};

describe('#/player', () => {
  it("a player's season, his team and his recent matches with their ratings", async () => {
    const context = scoresContext({ [MATCH_CENTRE_PATHS.player]: player });
    renderRemotePage(routes, 'player', { id: '1009' }, context);
    const profile = await screen.findByTestId('player-profile');
    expect(within(profile).getByRole('heading', { level: 2 }).textContent).toBe('7 萨卡');
    expect(within(profile).getByRole('link', { name: '阿森纳' }).getAttribute('href')).toBe('#/team?id=11');
    expect(within(profile).getByText('平均评分').nextElementSibling?.textContent).toBe('7.5');
    expect(within(profile).getByText('预期进球').nextElementSibling?.textContent).toBe('6.42');
    const recent = screen.getByRole('table', { name: '近期比赛' });
    const row = within(recent).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link').getAttribute('href')).toBe('#/score-detail?id=501');
    expect(row.textContent).toContain('8.1');
    expect(context.callsTo(MATCH_CENTRE_PATHS.player)[0]?.params).toEqual({ id: 1009 });
  });

  it('without a valid id says where to come from, and asks nothing', async () => {
    const context = scoresContext({});
    renderRemotePage(routes, 'player', { id: 'abc' }, context);
    expect(await screen.findByText('缺少球员编号，请从比赛阵容进入球员主页。')).toBeTruthy();
    expect(context.calls).toEqual([]);
  });
});

describe('#/team', () => {
  it("a team's season, recent results with xG and the squad linking each player", async () => {
    renderRemotePage(routes, 'team', { id: '11' }, scoresContext({ [MATCH_CENTRE_PATHS.team]: teamProfile }));
    const profile = await screen.findByTestId('team-profile');
    expect(within(profile).getByText('预期失球').nextElementSibling?.textContent).toBe('9.25');
    const recent = within(screen.getByRole('table', { name: '近期比赛' })).getAllByRole('row')[1]!;
    expect(recent.textContent).toContain('胜');
    expect(recent.textContent).toContain('1.84 - –');
    const squad = screen.getByRole('table', { name: '阵容' });
    expect(within(squad).getByRole('link', { name: '萨卡' }).getAttribute('href')).toBe('#/player?id=1009');
  });

  it('a failed read offers 重试', async () => {
    renderRemotePage(routes, 'team', { id: '11' }, scoresContext({ [MATCH_CENTRE_PATHS.team]: new Error('down') }));
    expect(await screen.findByText('数据暂时无法加载')).toBeTruthy();
  });
});

import '../headlines/testSetup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAtom, type SearchResult } from '@sports/shared';
import { FOLLOW_PATHS } from '@sports/shared/follows';
import { createTestContext, renderRemotePage } from '@sports/shared/testing';
import { routes } from '../routes';
import { SEARCH_PATHS } from './searchApi';

const result: SearchResult = {
  competitions: [{ id: 1, sport: 'football', name_zh: '英格兰超级联赛', short_name_zh: '英超', link: '#/base-football?competition=1' }],
  matches: [],
  teams: [{ id: 3, sport: 'football', name_zh: '阿森纳', short_name_zh: '阿森纳', link: '#/base-football?team=3' }],
  anchors: [],
  lives: [],
  posts: [],
  headlines: [],
  players: [{ id: 51, sport: 'football', name_zh: '卡洛斯·罗宾逊', team_id: 3, team: '阿森纳', position: 'FW', shirt_number: 9, match_ids: [], score: 100, link: '#/base-football?player=51' }],
};

describe('#/search: the follow stars of competitions, teams and players found (issue 39)', () => {
  it('shows each result\'s star as the member follows it; a press on a player\'s follows the player', async () => {
    const context = createTestContext({
      [SEARCH_PATHS.index]: result,
      [FOLLOW_PATHS.ids]: { team: [3], league: [], player: [], anchor: [] },
      [FOLLOW_PATHS.follow('player')]: { type: 'player', id: 51, following: true, followers: 1 },
    });
    context.store.set(userInfoAtom, { id: 9, user_nickname: '球迷', avatar: '', exp: 0, balance: 0, is_anchor: 0 });
    renderRemotePage(routes, 'search', { name: '阿森纳' }, context);
    const teams = await screen.findByTestId('search-teams');
    expect(await within(teams).findByRole('button', { name: '取消关注 阿森纳', pressed: true })).toBeTruthy();
    expect(within(screen.getByTestId('search-competitions')).getByRole('button', { name: '关注 英超', pressed: false })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('search-players')).getByRole('button', { name: '关注 卡洛斯·罗宾逊' }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: '取消关注 卡洛斯·罗宾逊', pressed: true })).toBeTruthy());
    expect(context.calls.filter((call) => call.path === FOLLOW_PATHS.follow('player')).map((call) => call.params)).toEqual([{ id: 51, follow: true }]);
  });

  it('a guest sees the stars unpressed, and a press opens the login modal', async () => {
    const context = createTestContext({ [SEARCH_PATHS.index]: result });
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderRemotePage(routes, 'search', { name: '阿森纳' }, context);
    const teams = await screen.findByTestId('search-teams');
    fireEvent.click(within(teams).getByRole('button', { name: '关注 阿森纳', pressed: false }));
    expect(opened).toHaveLength(1);
    expect(context.calls.some((call) => call.path.startsWith('api/Follow'))).toBe(false);
  });
});

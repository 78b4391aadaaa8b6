import '../headlines/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SearchLive, SearchResult } from '@sports/shared';
import { createTestContext, renderRemotePage } from '@sports/shared/testing';
import { routes } from '../routes';
import { livePicture } from './SearchPage';
import { SEARCH_PATHS } from './searchApi';

const empty: SearchResult = { matches: [], teams: [], competitions: [], anchors: [], lives: [], posts: [], headlines: [] };
const full: SearchResult = {
  competitions: [{ id: 1, sport: 'football', name_zh: '英格兰超级联赛', short_name_zh: '英超', link: '#/base-football?competition=1' }],
  matches: [{ id: 7, sport: 'football', competition: '英超', home: '阿森纳', away: '切尔西', home_score: 2, away_score: 1, status: 'live', kickoff_at: '2026-11-22T11:30:00Z', link: '#/score-detail?id=7' }],
  teams: [{ id: 3, sport: 'football', name_zh: '阿森纳', short_name_zh: '阿森纳', link: '#/base-football?team=3' }],
  anchors: [{ id: 11, user_nickname: '梅西解说', avatar: '', room_id: 21, is_live: true, link: '#/about-user?id=11' }],
  lives: [{ id: 21, title: '<b>梅西</b>直播', cover: '', thumb: '/live/thumb/room21.jpg?v=k.1', anchor_id: 11, anchor_nickname: '梅西解说', is_live: true, link: '#/live?id=21' }],
  posts: [{ id: 31, text: '梅西进球了', author_nickname: '球迷', created_at: '2026-11-22T11:30:00Z', link: '#/circle-detail?id=31' }],
  headlines: [{ id: 41, title: '梅西的头条', published_at: '2026-11-22T11:30:00Z', link: 'javascript:alert(1)' }],
  players: [{ id: 51, sport: 'football', name_zh: '卡洛斯·罗宾逊', team_id: 3, team: '阿森纳', position: 'FW', shirt_number: 9, match_ids: [7], score: 100, link: '#/base-football?player=51' }],
};

describe('#/search', () => {
  it('全部 shows every group, each result a link to its page; text stays text; only site links are followed', async () => {
    const context = createTestContext({ [SEARCH_PATHS.index]: full });
    renderRemotePage(routes, 'search', { name: '梅西' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '搜索：梅西' })).toBeTruthy();
    await screen.findByTestId('search-matches');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['全部', '比赛', '赛事', '球队', '球员', '主播', '直播', '帖子', '资讯']);
    const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('英超')).toBe('#/base-football?competition=1');
    expect(within(screen.getByTestId('search-matches')).getByRole('link', { name: /阿森纳 2 : 1 切尔西/ }).getAttribute('href')).toBe('#/score-detail?id=7');
    expect(within(screen.getByTestId('search-players')).getByRole('link', { name: '卡洛斯·罗宾逊' }).getAttribute('href')).toBe('#/base-football?player=51');
    const teamLinks = within(screen.getByTestId('search-teams')).getAllByRole('link');
    expect(teamLinks[0]?.getAttribute('href')).toBe('#/base-football?team=3');
    // Its match-centre page in mf-scores (issue 36), and the player's.
    expect(teamLinks[1]?.getAttribute('href')).toBe('#/team?id=3');
    expect(teamLinks[1]?.getAttribute('aria-label')).toMatch(/^比赛数据：/);
    expect(within(screen.getByTestId('search-players')).getByRole('link', { name: '比赛数据：卡洛斯·罗宾逊' }).getAttribute('href')).toBe('#/player?id=51');
    expect(within(screen.getByTestId('search-anchors')).getByRole('link').getAttribute('href')).toBe('#/about-user?id=11');
    expect(within(screen.getByTestId('search-lives')).getByRole('link').getAttribute('href')).toBe('#/live?id=21');
    expect(within(screen.getByTestId('search-lives')).getByRole('link').textContent).toContain('<b>梅西</b>直播');
    // The room card's picture: the live stream's recent frame.
    expect(within(screen.getByTestId('search-lives')).getByTestId('search-live-thumb').getAttribute('src')).toBe('/live/thumb/room21.jpg?v=k.1');
    expect(within(screen.getByTestId('search-posts')).getByRole('link').getAttribute('href')).toBe('#/circle-detail?id=31');
    expect(within(screen.getByTestId('search-headlines')).getByRole('link').getAttribute('href')).toBe('#/search');
    expect(document.querySelector('b')).toBeNull();
    expect(context.calls).toEqual([{ path: SEARCH_PATHS.index, params: { name: '梅西' } }]);
  });

  it('a kind tab shows that kind only; 主播 and 直播 page by cursor with 加载更多', async () => {
    const anchor = (id: number) => ({ id, user_nickname: `主播${id}`, avatar: '', room_id: null, is_live: false, link: `#/about-user?id=${id}` });
    const anchors = vi.fn((params: unknown) => {
      const { cursor } = params as { cursor?: string };
      return cursor === undefined ? { list: [anchor(9), anchor(8)], next_cursor: '8' } : { list: [anchor(7)], next_cursor: null };
    });
    const context = createTestContext({ [SEARCH_PATHS.index]: full });
    const get = context.api.get.bind(context.api);
    context.api.get = (async (path: string, params?: Record<string, unknown>) => (path === SEARCH_PATHS.anchor ? (context.calls.push({ path, params }), anchors(params)) : get(path, params))) as typeof context.api.get;
    renderRemotePage(routes, 'search', { name: '主播' }, context);
    await screen.findByTestId('search-matches');
    fireEvent.click(screen.getByRole('tab', { name: '帖子' }));
    expect(screen.getByTestId('search-posts')).toBeTruthy();
    expect(screen.queryByTestId('search-matches')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '主播' }));
    await waitFor(() => expect(within(screen.getByTestId('search-anchors')).getAllByRole('link').map((link) => link.textContent)).toEqual(['主播9', '主播8']));
    fireEvent.click(screen.getByTestId('search-more'));
    await waitFor(() => expect(within(screen.getByTestId('search-anchors')).getAllByRole('link')).toHaveLength(3));
    expect(screen.queryByTestId('search-more')).toBeNull();
    expect(context.calls.filter((call) => call.path === SEARCH_PATHS.anchor).map((call) => call.params)).toEqual([{ name: '主播' }, { name: '主播', cursor: '8' }]);
  });

  it('has a tab per kind: 球员 shows the players, their page, team and number and the matches they appear in; 直播 the match a room shows', async () => {
    const withMatch: SearchResult = { ...full, lives: [{ ...(full.lives[0] as SearchLive), title: '英超焦点战', match: { id: 7, home: '伯恩利', away: '阿森纳' } }] };
    renderRemotePage(routes, 'search', { name: '罗宾逊', tab: 'players' }, createTestContext({ [SEARCH_PATHS.index]: withMatch }));
    const players = await screen.findByTestId('search-players');
    expect(screen.getByRole('tab', { name: '球员' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('search-matches')).toBeNull();
    expect(within(players).getByRole('link', { name: '卡洛斯·罗宾逊' }).getAttribute('href')).toBe('#/base-football?player=51');
    expect(players.textContent).toContain('阿森纳 · 9号');
    expect(within(screen.getByTestId('search-player-matches')).getByRole('link', { name: '阿森纳 2 : 1 切尔西' }).getAttribute('href')).toBe('#/score-detail?id=7');

    fireEvent.click(screen.getByRole('tab', { name: '赛事' }));
    expect(within(screen.getByTestId('search-competitions')).getByRole('link', { name: '英超' }).getAttribute('href')).toBe('#/base-football?competition=1');
    expect(screen.queryByTestId('search-players')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '比赛' }));
    expect(within(screen.getByTestId('search-matches')).getAllByRole('link').map((link) => link.textContent)).toEqual(['阿森纳 2 : 1 切尔西']);
    expect(screen.queryByTestId('search-competitions')).toBeNull();
  });

  it('a room found by the match it shows says which match', async () => {
    const withMatch: SearchResult = { ...full, lives: [{ ...(full.lives[0] as SearchLive), title: '英超焦点战', match: { id: 7, home: '伯恩利', away: '阿森纳' } }] };
    renderRemotePage(routes, 'search', { name: '阿森纳' }, createTestContext({ [SEARCH_PATHS.index]: withMatch }));
    const lives = await screen.findByTestId('search-lives');
    expect(within(lives).getByRole('link').textContent).toContain('伯恩利 vs 阿森纳');
  });

  it('an answer without players (an older server) still shows the rest', async () => {
    const { players: _players, ...older } = full;
    renderRemotePage(routes, 'search', { name: '梅西' }, createTestContext({ [SEARCH_PATHS.index]: older }));
    await screen.findByTestId('search-matches');
    expect(screen.getByText('没有找到相关球员')).toBeTruthy();
  });

  it('says so when nothing is found', async () => {
    renderRemotePage(routes, 'search', { name: '无' }, createTestContext({ [SEARCH_PATHS.index]: empty }));
    expect((await screen.findByTestId('search-empty')).textContent).toBe('没有找到相关内容，换个关键词试试');
    fireEvent.click(screen.getByRole('tab', { name: '球队' }));
    expect(screen.getByText('没有找到相关球队')).toBeTruthy();
  });

  it('with an empty box shows the hot searches (links that search them) and asks nothing else', async () => {
    const context = createTestContext({ [SEARCH_PATHS.hot]: { list: [{ term: '梅西', hits: 9 }, { term: 'nba', hits: 3 }] } });
    renderRemotePage(routes, 'search', {}, context);
    const hot = await screen.findByTestId('search-hot');
    expect(within(hot).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['梅西', `#/search?name=${encodeURIComponent('梅西')}`],
      ['nba', '#/search?name=nba'],
    ]);
    expect(context.calls).toEqual([{ path: SEARCH_PATHS.hot, params: undefined }]);
  });

  it('the box searches through the site navigation (10 characters at most)', async () => {
    const context = createTestContext({ [SEARCH_PATHS.hot]: { list: [] } });
    const navigate = vi.fn();
    context.navigate = navigate;
    renderRemotePage(routes, 'search', {}, context);
    expect(await screen.findByText('还没有热门搜索')).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: '搜索关键词' });
    expect(box.getAttribute('maxlength')).toBe('10');
    fireEvent.change(box, { target: { value: ' 梅西 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(navigate).toHaveBeenCalledWith(`/search?name=${encodeURIComponent('梅西')}`);
  });

  it('shows no results when the call fails (the client already told the user why)', async () => {
    renderRemotePage(routes, 'search', { name: 'x' }, createTestContext({ [SEARCH_PATHS.index]: new Error('code 1') }));
    expect(await screen.findByTestId('search-failed')).toBeTruthy();
  });
});

describe('a searched room picture', () => {
  const room = full.lives[0] as SearchLive;
  it('is the stream frame while live, else the cover or the category placeholder; never a script address', () => {
    expect(livePicture(room)).toBe('/live/thumb/room21.jpg?v=k.1');
    expect(livePicture({ ...room, is_live: false, cover: '/uploads/0123456789abcdef0123456789abcdef.png', thumb: '/live/thumb/football.svg' })).toBe('/uploads/0123456789abcdef0123456789abcdef.png');
    expect(livePicture({ ...room, is_live: false, cover: '', thumb: '/live/thumb/football.svg' })).toBe('/live/thumb/football.svg');
    expect(livePicture({ ...room, thumb: 'javascript:alert(1)' })).toBeUndefined();
  });
});

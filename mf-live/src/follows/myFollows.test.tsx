import '../testing/setup';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FollowItem, RecommendFollows } from '@sports/shared';
import { FOLLOW_PATHS } from '@sports/shared/follows';
import { renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { routes } from '../routes';
import { liveContext, logIn, MEMBER, pageOf, type Params, roomCard } from '../testing/fixtures';
import { RECOMMEND_PATHS } from './recommendApi';

const team = (overrides: Partial<FollowItem> = {}): FollowItem => ({
  type: 'team',
  id: 12,
  name: '阿森纳',
  short_name: '阿森纳',
  image: null,
  sport: 'football',
  followed_at: '2026-11-01T00:00:00Z',
  next_match: {
    match_id: 900,
    kickoff_at: '2026-11-22T12:00:00.000Z',
    status: 'scheduled',
    home_team_id: 12,
    away_team_id: 13,
    home_team_name_zh: '阿森纳',
    away_team_name_zh: '切尔西',
    home_score: 0,
    away_score: 0,
    competition_short_zh: '英超',
    opponent_name_zh: '切尔西',
  },
  team: null,
  room: null,
  ...overrides,
});

const suggestions = (overrides: Partial<RecommendFollows> = {}): RecommendFollows => ({
  teams: [
    { id: 21, name: '曼城', short_name: '曼城', sport: 'football', reason: 'viewed' },
    { id: 22, name: '湖人', short_name: '湖人', sport: 'basketball', reason: 'popular' },
  ],
  leagues: [{ id: 3, name: '英格兰超级联赛', short_name: '英超', sport: 'football', reason: 'popular' }],
  anchors: [roomCard({ room_id: 40, title: '电竞直播', type: 3, anchor: { anchor_id: 4000, user_nickname: '主播小电', avatar: '', fans: 3 } })],
  ...overrides,
});

const ids = { team: [12], league: [], player: [], anchor: [] };

describe('我的关注 (#/attention)', () => {
  it('has tabs 主播 / 球队 / 赛事 / 球员; ?tab=team lists my teams with their next match (China time) and a pressed star that unfollows', async () => {
    const context = liveContext({
      [FOLLOW_PATHS.ids]: ids,
      [FOLLOW_PATHS.list]: (params: Params) => ({ type: params?.type, list: params?.type === 'team' ? [team()] : [], total: params?.type === 'team' ? 1 : 0 }),
      [FOLLOW_PATHS.follow('team')]: { type: 'team', id: 12, following: false, followers: 0 },
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'attention', { tab: 'team' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '我的关注' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['主播', '球队', '赛事', '球员']);
    expect(screen.getByRole('tab', { name: '球队' }).getAttribute('aria-selected')).toBe('true');

    const item = await screen.findByTestId('followed-item');
    expect(within(item).getByText('阿森纳')).toBeTruthy();
    const next = within(item).getByTestId('followed-match');
    expect(next.getAttribute('href')).toBe('#/score-detail?id=900');
    // 12:00 UTC is 20:00 in China.
    expect(next.textContent).toBe('下一场 11/22 20:00 英超 阿森纳 vs 切尔西');
    const star = await within(item).findByRole('button', { name: '取消关注 阿森纳' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star);
    await expect.poll(() => context.callsTo(FOLLOW_PATHS.follow('team'))[0]?.params).toEqual({ id: 12, follow: false });
    expect(within(item).getByRole('button', { name: '关注 阿森纳' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('an empty 球队 tab suggests teams (看过 / 热门); 关注 follows one and the tab lists it', async () => {
    let followed: FollowItem[] = [];
    const context = liveContext({
      [FOLLOW_PATHS.ids]: () => ({ ...ids, team: followed.map((item) => item.id) }),
      [FOLLOW_PATHS.list]: (params: Params) => ({ type: params?.type, list: params?.type === 'team' ? followed : [], total: followed.length }),
      [FOLLOW_PATHS.follow('team')]: (params: Params) => {
        followed = [team({ id: Number(params?.id), name: '曼城', short_name: '曼城', next_match: null })];
        return { type: 'team', id: params?.id, following: true, followers: 1 };
      },
      [RECOMMEND_PATHS.follows]: suggestions(),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'attention', { tab: 'team' }, context);
    expect(await screen.findByText('你还没有关注球队')).toBeTruthy();
    const chips = await screen.findByTestId('suggested-teams');
    expect(within(chips).getAllByRole('listitem').map((li) => li.getAttribute('data-reason'))).toEqual(['viewed', 'popular']);
    expect(screen.queryByTestId('suggested-anchors')).toBeNull();
    fireEvent.click(within(chips).getByRole('button', { name: '关注 曼城' }));
    await expect.poll(() => context.callsTo(FOLLOW_PATHS.follow('team'))[0]?.params).toEqual({ id: 21, follow: true });
    const item = await screen.findByTestId('followed-item');
    expect(within(item).getByText('曼城')).toBeTruthy();
    expect(within(item).getByText('暂无赛程')).toBeTruthy();
  });

  it('an empty 主播 tab suggests live anchors, each a room card and a 关注 button (api/Member/attention)', async () => {
    let follows: unknown[] = [];
    const context = liveContext({
      [LIVE_PATHS.attentionList]: () => pageOf(follows),
      [LIVE_PATHS.attention]: (params: Params) => {
        const room = suggestions().anchors[0]!;
        follows = [{ anchor: room.anchor, room, followed_at: '2026-11-01T00:00:00Z' }];
        return { anchor_id: params?.anchor_id, is_attention: 1, fans: 4 };
      },
      [RECOMMEND_PATHS.follows]: suggestions(),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'attention', {}, context);
    expect(await screen.findByText('你还没有关注主播')).toBeTruthy();
    const cards = await screen.findByTestId('suggested-anchors');
    expect(within(cards).getByTestId('room-card').getAttribute('href')).toBe('#/live?id=40');
    expect(screen.queryByTestId('suggested-teams')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '关注 主播小电' }));
    await expect.poll(() => context.callsTo(LIVE_PATHS.attention)[0]?.params).toEqual({ anchor_id: 4000, attention: 1 });
    expect(await screen.findByTestId('attention-list')).toBeTruthy();
  });

  it('the 赛事 tab suggests leagues; a failed suggestion read offers 重试', async () => {
    const context = liveContext({
      [FOLLOW_PATHS.ids]: ids,
      [FOLLOW_PATHS.list]: (params: Params) => ({ type: params?.type, list: [], total: 0 }),
      [RECOMMEND_PATHS.follows]: new Error('down'),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'attention', { tab: 'league' }, context);
    expect(await screen.findByText('你还没有关注赛事')).toBeTruthy();
    expect(await screen.findByText('推荐加载失败')).toBeTruthy();
    context.answers[RECOMMEND_PATHS.follows] = suggestions();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    const chips = await screen.findByTestId('suggested-leagues');
    expect(within(chips).getByText('英格兰超级联赛')).toBeTruthy();
  });
});

describe('预约 (#/reserve) when empty', () => {
  it('suggests teams and live anchors to follow', async () => {
    const context = liveContext({
      [LIVE_PATHS.userReserveList]: pageOf([]),
      [LIVE_PATHS.reserveLiveList]: pageOf([]),
      [RECOMMEND_PATHS.follows]: suggestions(),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'reserve', {}, context);
    expect(await screen.findByText('你还没有预约')).toBeTruthy();
    expect(await screen.findByTestId('suggested-teams')).toBeTruthy();
    expect(screen.getByTestId('suggested-anchors')).toBeTruthy();
    expect(screen.queryByTestId('suggested-leagues')).toBeNull();
  });
});

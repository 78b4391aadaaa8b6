import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoomMatch } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS, type PublicUserInfo } from '../api/memberApi';
import { POSTS_PATHS } from '../api/postsApi';
import { routes } from '../routes';
import { logIn, MEMBER, memberContext, pageOf } from '../testing/fixtures';
import { userIdOf } from './AboutUserPage';

const match: RoomMatch = {
  match_id: 900,
  sport: 'football',
  competition_short_zh: '英超',
  home_team_name_zh: '阿森纳',
  away_team_name_zh: '切尔西',
  kickoff_at: '2026-11-22T12:00:00.000Z',
  status: 'scheduled',
  match_str: '未开赛',
  home_score: 0,
  away_score: 0,
};

describe('persona (my space)', () => {
  it('my reservations, my watch history and my posts', async () => {
    const context = memberContext({
      [POSTS_PATHS.userPosts]: { list: [], next_cursor: null },
      [MEMBER_PATHS.userReserveList]: pageOf([{ id: 1, kind: 'match', match, schedule: null, created_at: '2026-11-01T00:00:00Z' }]),
      [MEMBER_PATHS.watchHistory]: pageOf([
        { room_id: 5, title: '英超夜', anchor_id: 1100, anchor_nickname: '主播老李', cover: '', stream_status: 'live', is_live: 1, last_watched_at: '2026-11-21T12:00:00Z', total_seconds: 1830 },
      ]),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'persona', {}, context);
    expect(await screen.findByRole('heading', { level: 1, name: '我的空间' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: '英超 阿森纳 vs 切尔西' })).getAttribute('href')).toBe('#/score-live?id=900');
    expect((await screen.findByRole('link', { name: '英超夜' })).getAttribute('href')).toBe('#/live?id=5');
    expect(screen.getByText('累计观看 30分30秒')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '我的动态' })).toBeTruthy();
    expect((await screen.findByTestId('user-posts-empty')).textContent).toContain('还没有发布动态');
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('a list that fails says so and can be retried, the others still show', async () => {
    const context = memberContext({ [MEMBER_PATHS.userReserveList]: pageOf([]), [POSTS_PATHS.userPosts]: { list: [], next_cursor: null } });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'persona', {}, context);
    expect(await screen.findByText('还没有预约')).toBeTruthy();
    expect(await screen.findByText(/观看历史加载失败/)).toBeTruthy();
    context.answers[MEMBER_PATHS.watchHistory] = pageOf([]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('还没有观看记录')).toBeTruthy();
  });
});

function publicUser(overrides: Partial<PublicUserInfo> = {}): PublicUserInfo {
  return { id: 1100, user_nickname: '主播老李', avatar: '/static/avatars/avatar-3.svg', level: 30, is_anchor: 1, room: { room_id: 5, title: '英超夜', type: 1, cover: '', stream_status: 'live', is_live: 1 }, fans: 9, is_attention: 0, ...overrides };
}

describe('about-user', () => {
  it('reads the id from ?id= or ?user_id=', () => {
    expect(userIdOf({ id: '7' })).toBe(7);
    expect(userIdOf({ user_id: '8' })).toBe(8);
    expect(userIdOf({ id: 'x' })).toBeNull();
    expect(userIdOf({})).toBeNull();
  });

  it("another user's page: level, fans, their room live, follow and unfollow", async () => {
    const context = memberContext({
      [MEMBER_PATHS.publicUser]: publicUser(),
      [MEMBER_PATHS.attention]: (body: unknown) => ({ anchor_id: 1100, is_attention: (body as { attention: 0 | 1 }).attention, fans: 9 + (body as { attention: 0 | 1 }).attention }),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'about-user', { id: '1100' }, context);
    expect(await screen.findByRole('heading', { level: 2, name: '主播老李' })).toBeTruthy();
    expect(context.callsTo(MEMBER_PATHS.publicUser)[0]?.params).toEqual({ user_id: 1100 });
    expect(screen.getByText('LV30')).toBeTruthy();
    expect(screen.getByTestId('user-room').getAttribute('data-live')).toBe('true');
    const follow = screen.getByTestId('follow-button');
    expect(follow.textContent).toBe('关注');
    fireEvent.click(follow);
    await waitFor(() => expect(screen.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('fans-count').textContent).toBe('10 粉丝');
    fireEvent.click(screen.getByTestId('follow-button'));
    await waitFor(() => expect(screen.getByTestId('follow-button').textContent).toBe('关注'));
    expect(context.callsTo(MEMBER_PATHS.attention).map((call) => call.params)).toEqual([{ anchor_id: 1100, attention: 1 }, { anchor_id: 1100, attention: 0 }]);
  });

  it('a visitor who follows is asked to log in; my own page offers to edit my profile', async () => {
    const visitor = memberContext({ [MEMBER_PATHS.publicUser]: publicUser() });
    const opened: unknown[] = [];
    visitor.eventBus.on('login:open', (event) => opened.push(event));
    const view = renderRemotePage(routes, 'about-user', { user_id: '1100' }, visitor);
    fireEvent.click(await screen.findByTestId('follow-button'));
    expect(opened).toHaveLength(1);
    expect(visitor.callsTo(MEMBER_PATHS.attention)).toEqual([]);
    view.unmount();

    const me = memberContext({ [MEMBER_PATHS.publicUser]: publicUser({ id: 501, is_anchor: 0, room: null }) });
    logIn(me, MEMBER);
    renderRemotePage(routes, 'about-user', { id: '501' }, me);
    expect((await screen.findByRole('link', { name: '编辑资料' })).getAttribute('href')).toBe('#/member?type=0');
    expect(screen.queryByTestId('follow-button')).toBeNull();
    expect(screen.getByText('暂未开通直播间')).toBeTruthy();
  });
});

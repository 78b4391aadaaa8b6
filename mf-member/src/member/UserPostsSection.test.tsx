import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Post } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS } from '../api/memberApi';
import { POSTS_PATHS } from '../api/postsApi';
import { routes } from '../routes';
import { logIn, MEMBER, memberContext, pageOf } from '../testing/fixtures';

function post(overrides: Partial<Post> = {}): Post {
  return {
    id: 10,
    author: { id: 501, nickname: '球迷小王', avatar: '', level: 2 },
    text: '我的第一条动态',
    images: [],
    topic: null,
    match: null,
    room: null,
    like_count: 1,
    comment_count: 2,
    liked_by_me: false,
    is_mine: true,
    created_at: '2026-11-25T02:00:00.000Z',
    ...overrides,
  };
}

function ids(): string[] {
  return screen.getAllByTestId('user-post').map((row) => row.getAttribute('data-post-id') ?? '');
}

describe('a user\'s posts', () => {
  it('my space: my posts newest first (text as text, images, counts), 加载更多 by cursor, delete after a confirm', async () => {
    let removed = false;
    const context = memberContext({
      [MEMBER_PATHS.userReserveList]: pageOf([]),
      [MEMBER_PATHS.watchHistory]: pageOf([]),
      [POSTS_PATHS.userPosts]: (params: unknown) => {
        const { cursor } = params as { cursor?: string };
        if (cursor === 'c1') return { list: [post({ id: 8, text: '' , images: ['/uploads/a.png'] })], next_cursor: null };
        return { list: removed ? [post({ id: 9 })] : [post({ id: 10, text: '<script>x</script>', topic: { id: 1, name: '足球' } }), post({ id: 9 })], next_cursor: 'c1' };
      },
      [POSTS_PATHS.remove]: () => {
        removed = true;
        return { id: 10 };
      },
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'persona', {}, context);
    await waitFor(() => expect(ids()).toEqual(['10', '9']));
    expect(context.callsTo(POSTS_PATHS.userPosts)[0]?.params).toEqual({ page_size: 10 });
    const first = screen.getAllByTestId('user-post')[0]!;
    expect(within(first).getByRole('link').textContent).toBe('<script>x</script>');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('#/circle-detail?id=10');
    expect(within(first).getByTestId('user-post-counts').textContent).toBe('1 赞 · 2 评论');
    expect(within(first).getByText('#足球#')).toBeTruthy();

    fireEvent.click(screen.getByTestId('user-posts-more'));
    await waitFor(() => expect(ids()).toEqual(['10', '9', '8']));
    expect(context.callsTo(POSTS_PATHS.userPosts).at(-1)?.params).toEqual({ page_size: 10, cursor: 'c1' });
    expect(within(screen.getAllByTestId('user-post')[2]!).getByRole('link').textContent).toBe('[图片]');

    fireEvent.click(within(first).getByTestId('user-post-remove'));
    expect(context.callsTo(POSTS_PATHS.remove)).toEqual([]);
    fireEvent.click(within(first).getByTestId('user-post-remove-confirm'));
    await waitFor(() => expect(ids()).toEqual(['9']));
    expect(context.callsTo(POSTS_PATHS.remove)[0]?.params).toEqual({ post_id: 10 });
  });

  it("about-user: that user's posts by user_id, no delete", async () => {
    const context = memberContext({
      [MEMBER_PATHS.publicUser]: { id: 1100, user_nickname: '主播老李', avatar: '', level: 30, is_anchor: 1, room: null, fans: 9, is_attention: 0 },
      [POSTS_PATHS.userPosts]: { list: [post({ id: 30, is_mine: false, author: { id: 1100, nickname: '主播老李', avatar: '', level: 30 } })], next_cursor: null },
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'about-user', { id: '1100' }, context);
    await waitFor(() => expect(ids()).toEqual(['30']));
    expect(screen.getByRole('heading', { level: 2, name: 'TA的动态' })).toBeTruthy();
    expect(context.callsTo(POSTS_PATHS.userPosts)[0]?.params).toEqual({ page_size: 10, user_id: 1100 });
    expect(screen.queryByTestId('user-post-remove')).toBeNull();
    expect(screen.queryByTestId('user-posts-more')).toBeNull();
  });
});

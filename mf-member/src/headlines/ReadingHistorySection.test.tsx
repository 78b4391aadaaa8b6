import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, type HeadlineHistoryItem } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { HEADLINES_HISTORY_PATH } from '../api/headlinesApi';
import { MEMBER_PATHS } from '../api/memberApi';
import { routes } from '../routes';
import { logIn, MEMBER, memberContext, pageOf } from '../testing/fixtures';

function read(id: number, title: string, readAt: string): HeadlineHistoryItem {
  return {
    id,
    title,
    summary: '',
    cover: null,
    category: 'football',
    category_name: '足球',
    author: '编辑部',
    published_at: '2026-11-20T00:00:00.000Z',
    view_count: 3,
    like_count: 0,
    comment_count: 0,
    read_at: readAt,
  };
}

const lists = { [MEMBER_PATHS.userReserveList]: pageOf([]), [MEMBER_PATHS.watchHistory]: pageOf([]) };

describe('my space: 阅读历史', () => {
  it('lists my reads last first, each linking to its article, and pages by cursor', async () => {
    let failMore = true;
    const context = memberContext({
      ...lists,
      [HEADLINES_HISTORY_PATH]: (params: unknown) => {
        const { cursor } = params as { cursor?: string };
        if (cursor === undefined) return { list: [read(9, '<b>新读的</b>', '2026-11-22T11:30:00.000Z')], next_cursor: '1763811000000_9' };
        if (failMore) return new ApiError(null, '');
        return { list: [read(4, '早读的', '2026-11-21T11:30:00.000Z')], next_cursor: null };
      },
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'persona', {}, context);
    const list = await screen.findByTestId('reading-history');
    expect(screen.getByRole('heading', { level: 2, name: '阅读历史' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: '<b>新读的</b>' }).getAttribute('href')).toBe('#/detail?id=9');
    expect(list.querySelector('b')).toBeNull();
    expect(within(list).getByText('阅读于 2026/11/22 19:30')).toBeTruthy();
    expect(context.callsTo(HEADLINES_HISTORY_PATH)[0]?.params).toEqual({ page_size: 10 });

    fireEvent.click(screen.getByTestId('reading-history-more'));
    // The page has other sections (my posts) with alerts of their own: this one is the history's.
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('加载失败，请重试'));
    failMore = false;
    fireEvent.click(screen.getByTestId('reading-history-more'));
    await waitFor(() => expect(screen.getAllByTestId('reading-history-item').map((item) => item.getAttribute('data-headline-id'))).toEqual(['9', '4']));
    expect(context.callsTo(HEADLINES_HISTORY_PATH).at(-1)?.params).toEqual({ page_size: 10, cursor: '1763811000000_9' });
    expect(screen.queryByTestId('reading-history-more')).toBeNull();
  });

  it('empty says so; a failure offers its own retry', async () => {
    const context = memberContext({ ...lists, [HEADLINES_HISTORY_PATH]: new ApiError(null, '') });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'persona', {}, context);
    expect(await screen.findByText(/阅读历史加载失败/)).toBeTruthy();
    context.answers[HEADLINES_HISTORY_PATH] = { list: [], next_cursor: null };
    fireEvent.click(screen.getByRole('button', { name: '重试阅读历史' }));
    expect((await screen.findByTestId('reading-history-empty')).textContent).toBe('还没有读过头条');
  });

  it('a guest asks nothing', async () => {
    const context = memberContext(lists);
    renderRemotePage(routes, 'persona', {}, context);
    expect(await screen.findByText('登录后查看')).toBeTruthy();
    expect(context.callsTo(HEADLINES_HISTORY_PATH)).toEqual([]);
  });
});

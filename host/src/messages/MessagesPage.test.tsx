import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberMessage, MessageUnreadCount } from '@sports/shared';
import { AccountArea } from '../layout/AccountArea';
import { renderWithHost, TEST_USER } from '../layout/testing/renderWithHost';
import { MessagesPage } from './MessagesPage';
import { unreadCountAtom } from './unreadAtom';

const counts = (system: number, interaction = 0, match = 0): MessageUnreadCount => ({ total: system + interaction + match, system, interaction, match });

function message(id: number, overrides: Partial<MemberMessage> = {}): MemberMessage {
  return { id, tab: 'system', kind: 'anchor_approved', title: `通知 ${id}`, body: `正文 ${id}`, link: null, created_at: new Date(Date.now() - 60_000).toISOString(), read: false, ...overrides };
}

describe('MessagesPage', () => {
  it('lists the tab newest first with its time, link and unread styling; 加载更多 appends the next page by cursor', async () => {
    const pages: Record<string, unknown> = {
      first: { list: [message(30, { link: '#/live?id=7' }), message(29, { read: true })], next_cursor: 29 },
      29: { list: [message(3)], next_cursor: null },
    };
    const { get } = renderWithHost(<MessagesPage />, {
      userInfo: TEST_USER,
      path: '/messages',
      answers: { get: { 'api/Message/list': (params: { cursor?: string }) => pages[params.cursor ?? 'first'] } },
    });
    const items = await screen.findAllByTestId('message-item');
    expect(items.map((item) => item.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(within(items[0] as HTMLElement).getByText('通知 30')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('未读')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('#/live?id=7');
    expect((items[0] as HTMLElement).querySelector('time')?.textContent).toBe('1分钟前');
    expect(get).toHaveBeenCalledWith('api/Message/list', { tab: 'system' });
    fireEvent.click(screen.getByTestId('message-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(3));
    expect(get).toHaveBeenCalledWith('api/Message/list', { tab: 'system', cursor: '29' });
    expect(screen.queryByTestId('message-load-more')).toBeNull();
  });

  it('each tab has its own list and empty state; reading an item and 全部已读 mark read and set the badge', async () => {
    const { store, post } = renderWithHost(
      <>
        <AccountArea />
        <MessagesPage />
      </>,
      {
        userInfo: TEST_USER,
        path: '/messages',
        answers: {
          get: { 'api/Message/list': (params: { tab: string }) => (params.tab === 'interaction' ? { list: [message(8, { tab: 'interaction', kind: 'reply', title: '收到回复' }), message(7, { tab: 'interaction', kind: 'post_like' })], next_cursor: null } : { list: [], next_cursor: null }) },
          post: { 'api/Message/read': counts(0, 1), 'api/Message/readAll': counts(0) },
        },
      },
    );
    act(() => store.set(unreadCountAtom, counts(0, 2)));
    expect(await screen.findByTestId('message-empty')).toHaveProperty('textContent', '暂无系统通知');
    expect(screen.getByTestId('message-unread-badge').textContent).toBe('2');
    fireEvent.click(screen.getByTestId('message-tab-interaction'));
    const items = await screen.findAllByTestId('message-item');
    fireEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: '标为已读' }));
    expect(post).toHaveBeenCalledWith('api/Message/read', { id: 8 });
    await waitFor(() => expect(screen.getByTestId('message-unread-badge').textContent).toBe('1'));
    expect(screen.getAllByTestId('message-item')[0]?.getAttribute('data-read')).toBe('true');
    fireEvent.click(screen.getByTestId('message-read-all'));
    expect(post).toHaveBeenCalledWith('api/Message/readAll', {});
    await waitFor(() => expect(screen.queryByTestId('message-unread-badge')).toBeNull());
    expect(screen.getAllByTestId('message-item').map((item) => item.getAttribute('data-read'))).toEqual(['true', 'true']);
    fireEvent.click(screen.getByTestId('message-tab-match'));
    expect(await screen.findByTestId('message-empty')).toHaveProperty('textContent', '暂无赛事消息（赛事消息保留 7 天）');
  });

  it('a message pushed while the page is open (the shown tab\'s unread count grows) reloads the tab; the badge reads 99+ beyond 99', async () => {
    let list = [message(1)];
    const { store } = renderWithHost(
      <>
        <AccountArea />
        <MessagesPage />
      </>,
      { userInfo: TEST_USER, path: '/messages', answers: { get: { 'api/Message/list': () => ({ list, next_cursor: null }) } } },
    );
    act(() => store.set(unreadCountAtom, counts(1)));
    expect(await screen.findAllByTestId('message-item')).toHaveLength(1);
    list = [message(2), message(1)];
    act(() => store.set(unreadCountAtom, counts(2)));
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(2));
    act(() => store.set(unreadCountAtom, counts(150)));
    expect(screen.getByTestId('message-unread-badge').textContent).toBe('99+');
    expect(screen.getByTestId('message-unread-badge').getAttribute('aria-label')).toBe('150 条未读消息');
  });
});

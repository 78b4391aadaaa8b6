import '../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { routes } from '../routes';
import { ANCHOR, liveContext, logIn, pageOf, roomCard } from '../testing/fixtures';

describe('anchor (live list)', () => {
  it('type=2 asks for basketball rooms; live rooms first with badge and viewers (online + 50)', async () => {
    const offline = roomCard({ title: '休息中', is_live: 0, stream_status: 'offline' });
    const live = roomCard({ title: 'NBA 解说', online: 12 });
    const context = liveContext({ [LIVE_PATHS.liveList]: pageOf([offline, live]) });
    renderRemotePage(routes, 'anchor', { type: '2' }, context);
    const cards = await screen.findAllByTestId('room-card');
    expect(context.callsTo(LIVE_PATHS.liveList)[0]?.params).toMatchObject({ type: 2, page: 1 });
    expect(screen.getByRole('tab', { name: '篮球' }).getAttribute('aria-selected')).toBe('true');
    expect(within(cards[0] as HTMLElement).getByText('NBA 解说')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('直播中')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('62 人在看')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('未开播')).toBeTruthy();
    expect(cards[0]?.getAttribute('href')).toBe(`#/live?id=${live.room_id}`);
    expect(within(cards[0] as HTMLElement).getByAltText(`${live.anchor.user_nickname} 的头像`)).toBeTruthy();
  });

  it('a tab changes the query type; an unknown type is all', async () => {
    const context = liveContext({ [LIVE_PATHS.liveList]: pageOf([]) });
    const navigate = vi.fn();
    renderRemotePage(routes, 'anchor', { type: 'x' }, { ...context, navigate });
    expect(await screen.findByText('暂时没有直播间')).toBeTruthy();
    expect(context.callsTo(LIVE_PATHS.liveList)[0]?.params).toMatchObject({ type: 0 });
    fireEvent.click(screen.getByRole('tab', { name: '电竞' }));
    expect(navigate).toHaveBeenCalledWith('/anchor?type=3', { replace: true });
  });

  it('failure shows a retry that loads again', async () => {
    let fail = true;
    const context = liveContext({ [LIVE_PATHS.liveList]: () => (fail ? new Error('down') : pageOf([roomCard({ title: '回来了' })])) });
    renderRemotePage(routes, 'anchor', {}, context);
    expect(await screen.findByText('直播列表加载失败', { exact: false })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('回来了')).toBeTruthy();
  });

  it('pages through a long list', async () => {
    const context = liveContext({ [LIVE_PATHS.liveList]: (params: Record<string, unknown> | undefined) => pageOf([roomCard({ title: `第${String(params?.page)}页` })], 45, Number(params?.page)) });
    renderRemotePage(routes, 'anchor', {}, context);
    expect(await screen.findByText('第1页')).toBeTruthy();
    expect(screen.getByText('第 1 / 3 页')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第2页')).toBeTruthy();
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.liveList).at(-1)?.params).toMatchObject({ page: 2 }));
  });

  it('anchors get a link to their own room', async () => {
    const context = liveContext({ [LIVE_PATHS.liveList]: pageOf([]) });
    logIn(context, ANCHOR);
    renderRemotePage(routes, 'anchor', {}, context);
    expect((await screen.findByRole('link', { name: '我的直播间' })).getAttribute('href')).toBe('#/live?mine=1');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUserInfo, Replay } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS } from '../api/memberApi';
import { routes } from '../routes';
import { memberContext } from '../testing/fixtures';

function publicUser(overrides: Partial<PublicUserInfo> = {}): PublicUserInfo {
  return { id: 1100, user_nickname: '主播老李', avatar: '', level: 30, is_anchor: 1, room: { room_id: 5, title: '英超夜', type: 1, cover: '', stream_status: 'offline', is_live: 0 }, fans: 9, is_attention: 0, ...overrides };
}

function replay(id: number, overrides: Partial<Replay> = {}): Replay {
  return {
    id,
    room_id: 5,
    title: `第${id}场`,
    anchor: { user_id: 1100, user_nickname: '主播老李', avatar: '' },
    match_id: null,
    started_at: '2026-11-22T11:00:00.000Z',
    ended_at: '2026-11-22T13:05:00.000Z',
    duration_ms: 7_500_000,
    status: 'ready',
    thumb_url: `/media/replays/${id}.jpg`,
    can_edit: 0,
    ...overrides,
  };
}

describe("about-user's 直播回放", () => {
  it("lists an anchor's replays newest first, each a named link to its replay page with China time and length; 加载更多 pages on", async () => {
    const context = memberContext({
      [MEMBER_PATHS.publicUser]: publicUser(),
      [MEMBER_PATHS.replayList]: (params: unknown) =>
        (params as { cursor?: string }).cursor === 'c2' ? { list: [replay(60, { title: '' })], next_cursor: null } : { list: [replay(62), replay(61, { status: 'recording', ended_at: null })], next_cursor: 'c2' },
    });
    renderRemotePage(routes, 'about-user', { id: '1100' }, context);
    const list = await screen.findByRole('list', { name: '直播回放' });
    const link = within(list).getByRole('link', { name: '看回放：第62场' });
    expect(link.getAttribute('href')).toBe('#/clip?replay=62');
    const first = within(list).getAllByTestId('replay-item')[0] as HTMLElement;
    expect(first.querySelector('time')?.textContent).toContain('19:00');
    expect(within(first).getByText('2小时05分')).toBeTruthy();
    // Still on air: listed, not yet a link.
    const recording = within(list).getAllByTestId('replay-item')[1] as HTMLElement;
    expect(within(recording).queryByRole('link')).toBeNull();
    expect(within(recording).getByText('直播中')).toBeTruthy();
    expect(context.callsTo(MEMBER_PATHS.replayList)[0]?.params).toEqual({ anchor_id: 1100, limit: 20 });
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('link', { name: '看回放：直播回放' })).toBeTruthy();
    expect(context.callsTo(MEMBER_PATHS.replayList)[1]?.params).toEqual({ anchor_id: 1100, limit: 20, cursor: 'c2' });
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('an anchor without replays says so; a member who is not an anchor has no such section', async () => {
    const context = memberContext({ [MEMBER_PATHS.publicUser]: publicUser(), [MEMBER_PATHS.replayList]: { list: [], next_cursor: null } });
    const view = renderRemotePage(routes, 'about-user', { id: '1100' }, context);
    expect(await screen.findByText('还没有直播回放')).toBeTruthy();
    view.unmount();
    const member = memberContext({ [MEMBER_PATHS.publicUser]: publicUser({ id: 501, is_anchor: 0, room: null }) });
    renderRemotePage(routes, 'about-user', { id: '501' }, member);
    await screen.findByRole('heading', { level: 2, name: '主播老李' });
    await waitFor(() => expect(screen.queryByTestId('user-replays')).toBeNull());
    expect(member.callsTo(MEMBER_PATHS.replayList)).toEqual([]);
  });
});

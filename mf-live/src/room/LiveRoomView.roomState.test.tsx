import '../testing/setup';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeChatClient, renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { routes } from '../routes';
import { roomContext, useLiveRoomHarness } from './testing/liveRoomHarness';

const room = useLiveRoomHarness();

describe('live room: the state the server pushes', () => {
  const stateLine = (state: 'live' | 'paused' | 'ended', roomId = 7, sentAt = Date.now()) => ({
    id: `state-${state}-${sentAt}`,
    seq: sentAt,
    groupId: '1100',
    kind: 'text' as const,
    text: state === 'live' ? '直播信号已接通' : '直播信号已中断，主播暂时离开',
    from: { userId: 'system', nickname: '系统消息', avatar: '', role: 'system' as const },
    cloudCustomData: { type: 1 as const, roomState: { roomId, state } },
    sentAt,
  });

  it('paused: the player stops and says 主播暂时离开 at once; live: plays again without a reload; ended: 直播已结束', async () => {
    const context = roomContext({ room_state: 'live' });
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await waitFor(() => expect(room.fake.runs).toHaveLength(1));
    act(() => room.fake.runs[0]?.play());
    await room.joined();
    const asked = context.callsTo(LIVE_PATHS.roomInfo).length;
    const client = room.clients.at(-1) as FakeChatClient;

    act(() => client.deliverGroupMessage(stateLine('paused')));
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('主播暂时离开'));
    expect(room.fake.runs[0]?.destroyed).toBe(true);
    expect(room.fake.live()).toHaveLength(0);

    // Another room's line, and an old one (history a join answers with), change nothing.
    act(() => client.deliverGroupMessage(stateLine('live', 8)));
    act(() => client.deliverGroupMessage(stateLine('live', 7, Date.now() - 120_000)));
    expect(screen.getByTestId('live-state').textContent).toBe('主播暂时离开');
    expect(room.fake.runs).toHaveLength(1);

    act(() => client.deliverGroupMessage(stateLine('live')));
    await waitFor(() => expect(room.fake.runs).toHaveLength(2));
    act(() => room.fake.runs[1]?.play());
    expect(screen.getByTestId('live-state').textContent).toBe('直播中');

    act(() => client.deliverGroupMessage(stateLine('ended')));
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('直播已结束'));
    expect(room.fake.live()).toHaveLength(0);
    // Pushed, not fetched.
    expect(context.callsTo(LIVE_PATHS.roomInfo).length).toBe(asked);
  });

  it('a fresh line said before the push room info knows of changes nothing (the opening\'s 主播开播了 in a join\'s history); one after it does', async () => {
    const context = roomContext({ room_state: 'live', stream_started_at: new Date(Date.now() - 5_000).toISOString() });
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await waitFor(() => expect(room.fake.runs).toHaveLength(1));
    act(() => room.fake.runs[0]?.play());
    await room.joined();
    const client = room.clients.at(-1) as FakeChatClient;

    act(() => client.deliverGroupMessage({ ...stateLine('paused', 7, Date.now() - 20_000), text: '主播开播了' }));
    expect(screen.getByTestId('live-state').textContent).toBe('直播中');
    expect(room.fake.runs[0]?.destroyed).toBe(false);

    act(() => client.deliverGroupMessage(stateLine('paused')));
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('主播暂时离开'));
  });

  it('the anchor opens the room before pushing: 主播暂时离开 (the line that says 主播开播了 carries it), no player', async () => {
    const context = roomContext({ is_live: 0, stream_status: 'offline', room_state: 'idle' });
    renderRemotePage(routes, 'live', { id: '7' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    expect(screen.getByTestId('live-state').textContent).toBe('未开播');
    await room.joined();
    act(() => (room.clients.at(-1) as FakeChatClient).deliverGroupMessage({ ...stateLine('paused'), text: '主播开播了' }));
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('主播暂时离开'));
    expect(room.fake.runs).toHaveLength(0);
  });
});

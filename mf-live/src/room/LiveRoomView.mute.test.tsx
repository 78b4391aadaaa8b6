import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveRoomInfo } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { routes } from '../routes';
import { MEMBER, logIn } from '../testing/fixtures';
import { formatEnd, formatTime } from '../ui/format';
import { ROOM, roomContext, useLiveRoomHarness } from './testing/liveRoomHarness';

const harness = useLiveRoomHarness();

/** A muted viewer in the live room: the box says until when, notices and refusals switch it at once. */
function mutableRoom() {
  const mute: { is_muted: 0 | 1; muted_until: string | null } = { is_muted: 0, muted_until: null };
  let pending: Promise<LiveRoomInfo> | null = null;
  const context = roomContext({}, { [LIVE_PATHS.roomInfo]: () => pending ?? { ...ROOM, viewer_role: 'member', ...mute } });
  logIn(context, MEMBER);
  return {
    context,
    mute,
    /** Room info answers wait until `release()` (to see what the box does before it answers). */
    hold() {
      let release: () => void = () => undefined;
      pending = new Promise((resolve) => {
        release = () => {
          pending = null;
          resolve({ ...ROOM, viewer_role: 'member', ...mute });
        };
      });
      return () => release();
    },
  };
}

const box = () => screen.getByLabelText('发送消息') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: '发送' }) as HTMLButtonElement;

describe('a muted viewer', () => {
  // China time 20:00; only Date is faked, timers run (the chat joins after 1 s).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('formats the end of a mute as HH:mm today, with the day when it ends another day', () => {
    expect(formatEnd('2026-11-22T13:30:00.000Z')).toBe('21:30');
    expect(formatEnd('2026-11-22T15:59:00.000Z')).toBe('23:59');
    expect(formatEnd('2026-11-23T01:00:00.000Z')).toBe(formatTime('2026-11-23T01:00:00.000Z'));
  });

  it('room info says muted: 你已被禁言至 HH:mm instead of the placeholder and send is off; notices switch it at once, also one waiting behind another', async () => {
    const room = mutableRoom();
    Object.assign(room.mute, { is_muted: 1, muted_until: '2026-11-22T13:30:00.000Z' });
    renderRemotePage(routes, 'live', { id: '7' }, room.context);
    await harness.joined();
    expect(box().placeholder).toBe('你已被禁言至 21:30');
    fireEvent.change(box(), { target: { value: '让我说话' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    expect(harness.clients[0]?.callsOf('sendGroupMessage')).toHaveLength(0);

    // Lifted: the C2C notice brings the box back at once (room info is asked, not the next poll).
    const asked = room.context.callsTo(LIVE_PATHS.roomInfo).length;
    room.mute.is_muted = 0;
    room.mute.muted_until = null;
    act(() => void harness.clients[0]?.receiveSystemNotice({ lastSequence: 1, text: '您的禁言已解除' }));
    await waitFor(() => expect(box().placeholder).toBe('说点什么…'));
    expect(room.context.callsTo(LIVE_PATHS.roomInfo).length).toBe(asked + 1);
    expect(sendButton().disabled).toBe(false);
    expect(box().value).toBe('让我说话');

    // Muted again, until lifted: that notice waits behind the one still shown, the box switches anyway.
    room.mute.is_muted = 1;
    act(() => void harness.clients[0]?.receiveSystemNotice({ lastSequence: 2, text: '您已被房管禁言' }));
    await waitFor(() => expect(box().placeholder).toBe('你已被禁言'));
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByRole('status', { name: '系统通知' }).textContent).toContain('您的禁言已解除');
    expect(screen.getByRole('status', { name: '系统通知' }).textContent).not.toContain('您已被房管禁言');
  });

  it('a send refused as muted switches at once, room info then says until when; unmuted, the box is back', async () => {
    const room = mutableRoom();
    renderRemotePage(routes, 'live', { id: '7' }, room.context);
    await harness.joined();
    expect(box().placeholder).toBe('说点什么…');

    harness.network.mute('501');
    room.mute.is_muted = 1;
    room.mute.muted_until = '2026-11-22T12:10:00.000Z';
    const release = room.hold();
    fireEvent.change(box(), { target: { value: '再说一句' } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe('您已被禁言');
    // Before room info answers: muted, until unknown; the text is kept.
    expect(box().placeholder).toBe('你已被禁言');
    expect(sendButton().disabled).toBe(true);
    expect(box().value).toBe('再说一句');
    act(() => release());
    await waitFor(() => expect(box().placeholder).toBe('你已被禁言至 20:10'));

    // Lifted: room info says not muted (asked on the notice); the stale refusal goes, sending works.
    harness.network.unmute('501');
    room.mute.is_muted = 0;
    room.mute.muted_until = null;
    act(() => void harness.clients[0]?.receiveSystemNotice({ lastSequence: 3, text: '您的禁言已解除' }));
    await waitFor(() => expect(box().placeholder).toBe('说点什么…'));
    // The refusal's alert is cleared by the same room info answer (an effect, a render later).
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(sendButton());
    await waitFor(() => expect(within(screen.getByRole('log', { name: '全部消息' })).getByText('再说一句')).toBeTruthy());
  });

  it('a refusal room info does not confirm does not stick: the next answer says not muted', async () => {
    const room = mutableRoom();
    renderRemotePage(routes, 'live', { id: '7' }, room.context);
    await harness.joined();
    harness.network.mute('501');
    fireEvent.change(box(), { target: { value: '在吗' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(room.context.callsTo(LIVE_PATHS.roomInfo).length).toBe(2));
    await waitFor(() => expect(box().placeholder).toBe('说点什么…'));
    expect(sendButton().disabled).toBe(false);
  });
});

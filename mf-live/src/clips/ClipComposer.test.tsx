import '../testing/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_PATHS } from '../api/liveApi';
import { RoomActionBar } from '../room/RoomActionBar';
import { MEMBER, liveContext, logIn, renderInRemote, roomInfo } from '../testing/fixtures';

const ROOM = roomInfo({ room_id: 7, is_live: 1 });

function clip(id: number) {
  return { id, title: '', kind: 'person', status: 'cutting', failure: null, video_url: null, thumb_url: null, duration_ms: 0, happened_at: '2026-12-06T08:00:00+08:00', created_at: '2026-12-06T08:00:00+08:00', room_id: 7, anchor: { user_id: 1100, user_nickname: '主播老李', avatar: '' }, match_id: null, event_id: null, minute: null, creator: { user_id: 501, user_nickname: '球迷小王' }, can_edit: 1 };
}

function renderBar(answers: Record<string, unknown> = {}, info = ROOM, member = true) {
  const context = liveContext({ [LIVE_PATHS.giftList]: [], ...answers });
  if (member) logIn(context, MEMBER);
  renderInRemote(context, <RoomActionBar context={context} info={info} danmaku={[]} guardMine={null} onGuardBought={() => undefined} onGiftSent={() => undefined} />);
  return context;
}

describe('剪辑 in the room bar', () => {
  it('a guest pressing 剪辑 gets the login modal, nothing is clipped', () => {
    const context = renderBar({}, ROOM, false);
    const open = vi.fn();
    context.eventBus.on('login:open', open);
    fireEvent.click(screen.getByRole('button', { name: '剪辑最近30秒' }));
    expect(open).toHaveBeenCalled();
    expect(context.callsTo(LIVE_PATHS.clipCreate)).toHaveLength(0);
  });

  it('a member confirms, the clip is asked for with the trimmed title, a toast and a link to its page follow', async () => {
    const context = renderBar({ [LIVE_PATHS.clipCreate]: clip(31) });
    const toasts = vi.fn();
    context.eventBus.on('toast', toasts);
    const trigger = screen.getByRole('button', { name: '剪辑最近30秒' });
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const title = screen.getByLabelText('标题（可不填）');
    fireEvent.change(title, { target: { value: '  绝杀！  ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认剪辑' }));
    expect((await screen.findByRole('status')).textContent).toBe('剪辑已提交，生成后即可观看');
    expect(context.callsTo(LIVE_PATHS.clipCreate)[0]?.params).toEqual({ room_id: 7, title: '绝杀！' });
    expect(screen.getByRole('link', { name: '查看剪辑' }).getAttribute('href')).toBe('#/clip?id=31');
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ kind: 'success', message: '剪辑已提交，生成后即可观看' }));
    fireEvent.click(screen.getByRole('button', { name: '再剪一段' }));
    expect(screen.getByRole('button', { name: '确认剪辑' })).toBeTruthy();
  });

  it('submitting the form by Enter in the title clips without a title when left empty', async () => {
    const context = renderBar({ [LIVE_PATHS.clipCreate]: clip(32) });
    fireEvent.click(screen.getByRole('button', { name: '剪辑最近30秒' }));
    fireEvent.submit(screen.getByRole('form', { name: '剪辑最近30秒' }));
    await screen.findByTestId('clip-made');
    expect(context.callsTo(LIVE_PATHS.clipCreate)[0]?.params).toEqual({ room_id: 7 });
  });

  it('a refusal (shown by the API client) leaves the form as it was', async () => {
    const context = renderBar({ [LIVE_PATHS.clipCreate]: new Error('剪辑太频繁') });
    fireEvent.click(screen.getByRole('button', { name: '剪辑最近30秒' }));
    fireEvent.click(screen.getByRole('button', { name: '确认剪辑' }));
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.clipCreate)).toHaveLength(1));
    expect(screen.queryByTestId('clip-made')).toBeNull();
    expect((screen.getByRole('button', { name: '确认剪辑' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a title over the limit is marked invalid and cannot be sent; an offline room says so', () => {
    renderBar({}, roomInfo({ room_id: 7, is_live: 0 }));
    fireEvent.click(screen.getByRole('button', { name: '剪辑最近30秒' }));
    expect(screen.getByText('直播未开始，暂不能剪辑')).toBeTruthy();
    expect((screen.getByRole('button', { name: '确认剪辑' }) as HTMLButtonElement).disabled).toBe(true);
    const title = screen.getByLabelText('标题（可不填）');
    fireEvent.change(title, { target: { value: '好'.repeat(41) } });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('标题最多 40 个字');
  });
});

import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { danmakuSystemAtom, GUEST_CHAT_ACCOUNT_PATH, MEMBER_CHAT_SIG_PATH } from '@sports/shared';
import { FakeChatNetwork, renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { overrideRoomDependencies } from '../roomDependencies';
import { routes } from '../routes';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { ANCHOR, liveContext, logIn, MEMBER, pageOf, roomInfo } from '../testing/fixtures';

let network: FakeChatNetwork;
let fake: ReturnType<typeof createFakeEngines>;
let restore: () => void;

beforeEach(() => {
  network = new FakeChatNetwork();
  fake = createFakeEngines();
  restore = overrideRoomDependencies({ createChatClient: () => network.client(), engines: fake.engines, capabilities: MSE_CAPABLE });
});
afterEach(() => restore());

const ROOM = roomInfo({ room_id: 7, title: '英超直播', group_id: '1100', anchor: { anchor_id: 1100, user_nickname: '主播老李', avatar: '', fans: 9 } });

function roomContext(overrides: Partial<typeof ROOM> = {}, extra: Record<string, unknown> = {}) {
  return liveContext({
    [LIVE_PATHS.roomInfo]: { ...ROOM, ...overrides },
    [LIVE_PATHS.reserveLiveList]: pageOf([]),
    [GUEST_CHAT_ACCOUNT_PATH]: { id: 'g42', sig: 'guest-sig' },
    [MEMBER_CHAT_SIG_PATH]: { id: 501, userSig: 'member-sig' },
    ...extra,
  });
}

/** The chat joins the group 1 s after login (SPEC.md section 9). */
async function joined() {
  await waitFor(() => expect(network.memberCount('1100')).toBe(1), { timeout: 4_000 });
}

// Each test renders a room and waits for the chat's 1 s join delay: more than the 5 s default on a busy machine.
describe('live room', { timeout: 20_000 }, () => {
  it('renders the room: title, anchor, placard, accessible video; plays HTTP-FLV when live', async () => {
    const context = roomContext();
    renderRemotePage(routes, 'live', { id: '7' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    expect(context.callsTo(LIVE_PATHS.roomInfo)[0]?.params).toEqual({ room_id: 7 });
    expect(screen.getByText(/主播老李/)).toBeTruthy();
    expect(screen.getByTestId('placard').textContent).toBe('欢迎来到直播间');
    expect(screen.getByRole('region', { name: '直播画面' })).toBeTruthy();
    expect(screen.getByLabelText('英超直播 直播视频').tagName).toBe('VIDEO');
    await waitFor(() => expect(fake.runs[0]).toMatchObject({ kind: 'flv', url: '/live/room7.flv' }));
    act(() => fake.runs[0]?.play());
    expect(screen.getByTestId('live-state').textContent).toBe('直播中');
  });

  it('offline room shows 未开播 and starts no player', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext({ is_live: 0, stream_status: 'offline' }));
    expect(await screen.findByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    expect(screen.getByTestId('live-state').textContent).toBe('未开播');
    expect(fake.runs).toHaveLength(0);
  });

  it('guest: sees its guest name, online count = members + 50, messages in the all / anchor / assistant channels', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    expect(await screen.findByText('你的昵称：游客g42')).toBeTruthy();
    await joined();
    await waitFor(() => expect(screen.getByTestId('online-count').textContent).toBe('在线 51'));

    act(() => {
      network.publish('1100', { text: '欢迎大家', from: { userId: '1100', nickname: '主播老李', role: 'anchor' } });
      network.publish('1100', { text: '主队加油', from: { userId: '77', nickname: '球迷甲', role: 'member' } });
    });
    const log = screen.getByRole('log', { name: '全部消息' });
    expect(within(log).getByText('欢迎大家')).toBeTruthy();
    expect(within(log).getByText('主队加油')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '主播' }));
    const anchorLog = screen.getByRole('log', { name: '主播消息' });
    expect(within(anchorLog).getByText('欢迎大家')).toBeTruthy();
    expect(within(anchorLog).queryByText('主队加油')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '助手' }));
    expect(within(screen.getByRole('log', { name: '助手消息' })).getByText('主队加油')).toBeTruthy();
  });

  it('sending: bounded input, own message in the list and flying as danmaku; a refusal (muted) is shown and the text kept', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    await joined();
    const input = screen.getByLabelText('发送消息') as HTMLInputElement;
    expect(input.maxLength).toBe(100);
    expect((screen.getByLabelText('同时发弹幕') as HTMLInputElement).checked).toBe(true);

    fireEvent.change(input, { target: { value: '好球！' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(within(screen.getByRole('log', { name: '全部消息' })).getByText('好球！')).toBeTruthy());
    expect(input.value).toBe('');
    expect(await within(screen.getByTestId('danmaku-layer')).findByText('好球！')).toBeTruthy();

    network.mute('g42');
    fireEvent.change(input, { target: { value: '再说一句' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect((await screen.findByRole('alert')).textContent).toBe('您已被禁言');
    expect(input.value).toBe('再说一句');
  });

  it('text is inert: markup from another viewer shows as typed, in the chat and as danmaku', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    await joined();
    const attack = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    act(() => void network.publish('1100', { text: attack, kind: 'danmaku', from: { userId: '77', nickname: '<b>坏人</b>' } }));
    const item = within(screen.getByRole('log', { name: '全部消息' })).getByText(attack);
    expect(item.closest('li')?.querySelector('img, script, b')).toBeNull();
    expect(screen.getByText('<b>坏人</b>:')).toBeTruthy();
    expect((await screen.findByTestId('danmaku-item')).textContent).toBe(attack);
  });

  it('danmaku settings control writes danmakuSystem and the overlay follows', async () => {
    const context = roomContext();
    renderRemotePage(routes, 'live', { id: '7' }, context);
    fireEvent.click(await screen.findByRole('button', { name: '弹幕设置' }));
    const settings = screen.getByRole('group', { name: '弹幕设置' });
    fireEvent.click(within(settings).getByLabelText('全屏'));
    fireEvent.click(within(settings).getByLabelText('小'));
    fireEvent.change(within(settings).getByLabelText(/不透明度/), { target: { value: '50' } });
    expect(context.store.get(danmakuSystemAtom)).toEqual({ show: true, area: 4, size: 1, opacity: 50 });
    const layer = screen.getByTestId('danmaku-layer');
    expect([layer.style.height, layer.style.fontSize, layer.style.opacity]).toEqual(['100%', '16px', '0.5']);
    fireEvent.click(within(settings).getByRole('switch', { name: '显示弹幕' }));
    expect(screen.queryByTestId('danmaku-layer')).toBeNull();
  });

  it('follow: a visitor is asked to log in; a member follows and the button says 已关注', async () => {
    const context = roomContext({}, { [LIVE_PATHS.attention]: { anchor_id: 1100, is_attention: 1, fans: 10 } });
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderRemotePage(routes, 'live', { id: '7' }, context);
    const follow = await screen.findByTestId('follow-button');
    fireEvent.click(follow);
    expect(opened).toHaveLength(1);
    expect(context.callsTo(LIVE_PATHS.attention)).toHaveLength(0);

    act(() => logIn(context, MEMBER));
    fireEvent.click(follow);
    await waitFor(() => expect(follow.textContent).toBe('已关注'));
    expect(follow.getAttribute('aria-pressed')).toBe('true');
    expect(context.callsTo(LIVE_PATHS.attention)[0]?.params).toEqual({ anchor_id: 1100, attention: 1 });
    expect(screen.getByText(/10 粉丝/)).toBeTruthy();
  });

  it('owner controls only for the owner: start, push address with copy, no follow button', async () => {
    const viewer = roomContext({ viewer_role: 'member' });
    const view = renderRemotePage(routes, 'live', { id: '7' }, viewer);
    await screen.findByRole('heading', { level: 1, name: '英超直播' });
    expect(screen.queryByTestId('owner-panel')).toBeNull();
    view.unmount();

    const ownRoom = { ...ROOM, viewer_role: 'owner' as const, is_open: 0 as 0 | 1, is_live: 0 as const, stream_status: 'offline' as const };
    const owner = roomContext(
      {},
      {
        [LIVE_PATHS.roomInfo]: () => ownRoom,
        [LIVE_PATHS.startRoom]: () => {
          ownRoom.is_open = 1;
          return { room_id: 7, is_open: 1, is_live: 0, stream_status: 'offline' };
        },
        [LIVE_PATHS.liveUrl]: { room_id: 7, stream_name: 'room7', push_server: 'rtmp://127.0.0.1:1935/live', stream_key: 'room7?sign=1-abc', push_url: 'rtmp://127.0.0.1:1935/live/room7?sign=1-abc', expires_at: '2026-11-23T11:00:00.000Z', flv: '/live/room7.flv', hls: null },
      },
    );
    logIn(owner, ANCHOR);
    renderRemotePage(routes, 'live', { id: '7' }, owner);
    const panel = await screen.findByRole('region', { name: '主播控制台' });
    expect(screen.queryByTestId('follow-button')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: '开始直播' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: '结束直播' })).toBeTruthy());
    expect(owner.callsTo(LIVE_PATHS.startRoom)[0]?.params).toEqual({ room_id: 7 });

    fireEvent.click(within(panel).getByRole('button', { name: '获取推流地址' }));
    expect(((await within(panel).findByLabelText('串流密钥')) as HTMLInputElement).value).toBe('room7?sign=1-abc');
    expect((within(panel).getByLabelText('服务器地址') as HTMLInputElement).value).toBe('rtmp://127.0.0.1:1935/live');
    expect(within(panel).getByRole('button', { name: '复制串流密钥' })).toBeTruthy();
  });

  it('owner and admins can mute a member from the chat (ban1)', async () => {
    const context = roomContext({ viewer_role: 'admin' }, { [LIVE_PATHS.ban]: { room_id: 7, user_id: 77, is_muted: 1, until: null } });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await joined();
    act(() => void network.publish('1100', { text: '刷屏', from: { userId: '77', nickname: '捣乱者', role: 'member' } }));
    fireEvent.click(screen.getByRole('button', { name: '禁言 捣乱者' }));
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.ban)[0]?.params).toEqual({ room_id: 7, user_id: 77, ban: 1 }));
  });
});

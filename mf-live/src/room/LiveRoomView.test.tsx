import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { danmakuSystemAtom } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { routes } from '../routes';
import { ANCHOR, MEMBER, logIn, pageOf } from '../testing/fixtures';
import { ROOM, roomContext, useLiveRoomHarness } from './testing/liveRoomHarness';

const room = useLiveRoomHarness();

describe('live room', () => {
  it('renders the room: title, anchor, placard, accessible video; plays HTTP-FLV when live', async () => {
    const context = roomContext();
    renderRemotePage(routes, 'live', { id: '7' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    expect(context.callsTo(LIVE_PATHS.roomInfo)[0]?.params).toEqual({ room_id: 7 });
    expect(screen.getByText(/主播老李/)).toBeTruthy();
    expect(screen.getByTestId('placard').textContent).toBe('欢迎来到直播间');
    expect(screen.getByRole('region', { name: '直播画面' })).toBeTruthy();
    expect(screen.getByLabelText('英超直播 直播视频').tagName).toBe('VIDEO');
    await waitFor(() => expect(room.fake.runs[0]).toMatchObject({ kind: 'flv', url: '/live/room7.flv' }));
    act(() => room.fake.runs[0]?.play());
    expect(screen.getByTestId('live-state').textContent).toBe('直播中');
  });

  it('offline room shows 未开播 and starts no player', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext({ is_live: 0, stream_status: 'offline' }));
    expect(await screen.findByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    expect(screen.getByTestId('live-state').textContent).toBe('未开播');
    expect(room.fake.runs).toHaveLength(0);
  });

  it('guest: told it watches as a guest (never its raw guest id), online count = members + 50, messages in the all / anchor / assistant channels', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    expect((await screen.findByTestId('my-chat-name')).textContent).toContain('你正在以游客身份观看');
    expect(screen.getByTestId('my-chat-name').textContent).not.toMatch(/g42|你的昵称/);
    await room.joined();
    await waitFor(() => expect(screen.getByTestId('online-count').textContent).toBe('在线 51'));

    act(() => {
      room.network.publish('1100', { text: '欢迎大家', from: { userId: '1100', nickname: '主播老李', role: 'anchor' } });
      room.network.publish('1100', { text: '主队加油', from: { userId: '77', nickname: '球迷甲', role: 'member' } });
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

  it('a guest who chats gets the login modal (requireLogin), also pressing send on an empty box; nothing is sent', async () => {
    const context = roomContext();
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await room.joined();
    const input = screen.getByLabelText('发送消息') as HTMLInputElement;
    expect(input.placeholder).toBe('登录后参与聊天');
    input.focus();
    const send = screen.getByRole('button', { name: '发送' }) as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(opened).toEqual([{ mode: 'code' }]);
    fireEvent.change(input, { target: { value: '好球！' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(opened).toHaveLength(2);
    expect(input.value).toBe('好球！');
    fireEvent.click(screen.getByRole('button', { name: '登录发言' }));
    expect(opened).toHaveLength(3);
    expect(room.clients[0]?.callsOf('sendGroupMessage')).toHaveLength(0);
    expect(screen.queryByText('登录后才能发言')).toBeNull();
  });

  it('sending: bounded input, own message in the list and flying as danmaku', async () => {
    const context = roomContext();
    logIn(context, MEMBER);
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await room.joined();
    const input = screen.getByLabelText('发送消息') as HTMLInputElement;
    expect(input.maxLength).toBe(100);
    expect((screen.getByLabelText('同时发弹幕') as HTMLInputElement).checked).toBe(true);

    fireEvent.change(input, { target: { value: '好球！' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(within(screen.getByRole('log', { name: '全部消息' })).getByText('好球！')).toBeTruthy());
    expect(input.value).toBe('');
    expect(await within(screen.getByTestId('danmaku-layer')).findByText('好球！')).toBeTruthy();
  });

  it('text is inert: markup from another viewer shows as typed, in the chat and as danmaku', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    await room.joined();
    const attack = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    act(() => void room.network.publish('1100', { text: attack, kind: 'danmaku', from: { userId: '77', nickname: '<b>坏人</b>' } }));
    const item = within(screen.getByRole('log', { name: '全部消息' })).getByText(attack);
    expect(item.closest('li')?.querySelector('img, script, b')).toBeNull();
    expect(screen.getByText('<b>坏人</b>:')).toBeTruthy();
    expect((await screen.findByTestId('danmaku-item')).textContent).toBe(attack);
  });

  it('level badges: LV<n> beside members\' names in the chat and on their danmaku; none for guests and the system', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    await room.joined();
    act(() => {
      room.network.publish('1100', { text: '主队加油', kind: 'danmaku', from: { userId: '77', nickname: '球迷甲', role: 'member', level: 12 } });
      room.network.publish('1100', { text: '路过看看', from: { userId: 'g9', nickname: '游客g9', role: 'guest' } });
      room.network.publish('1100', { text: '欢迎大家', from: { userId: '1100', nickname: '主播老李', role: 'anchor', level: 3 } });
    });
    const log = screen.getByRole('log', { name: '全部消息' });
    const [member, guest, anchor] = within(log).getAllByTestId('chat-message');
    const badge = within(member as HTMLElement).getByTestId('level-badge');
    expect(badge.textContent).toBe('LV12');
    expect(badge.getAttribute('title')).toBe('等级 12');
    expect(within(member as HTMLElement).getByText('球迷甲:')).toBeTruthy();
    expect(within(guest as HTMLElement).queryByTestId('level-badge')).toBeNull();
    expect(within(anchor as HTMLElement).getByTestId('level-badge').textContent).toBe('LV3');
    const flying = await within(screen.getByTestId('danmaku-layer')).findByTestId('danmaku-item');
    expect(within(flying).getByTestId('level-badge').textContent).toBe('LV12');
    expect(flying.textContent).toBe('LV12主队加油');
  });

  it('the activity banner shows beside the chat when one is active, nothing when none', async () => {
    const banner = { id: 3, title: '观赛送好礼', image: 'https://cdn.example.com/gift.png', link: 'https://promo.example.com/gift', target: '_blank', starts_at: '2026-11-22T00:00:00.000Z', ends_at: '2099-01-01T00:00:00.000Z' };
    const context = roomContext({}, { [LIVE_PATHS.activities]: [banner] });
    const view = renderRemotePage(routes, 'live', { id: '7' }, context);
    const shown = await screen.findByTestId('activity-banner');
    expect(within(shown).getByRole('link', { name: '观赛送好礼' }).getAttribute('rel')).toBe('noopener');
    expect(within(shown).getByRole('img', { name: '观赛送好礼' }).getAttribute('loading')).toBe('lazy');
    expect(shown.parentElement?.contains(screen.getByRole('log', { name: '全部消息' }))).toBe(true);
    view.unmount();

    const none = roomContext({}, { [LIVE_PATHS.activities]: [] });
    renderRemotePage(routes, 'live', { id: '7' }, none);
    expect(await screen.findByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    await waitFor(() => expect(none.callsTo(LIVE_PATHS.activities)).toHaveLength(1));
    expect(screen.queryByTestId('activity-banner')).toBeNull();
  });

  it('danmaku settings control writes danmakuSystem and the overlay follows', async () => {
    const context = roomContext();
    renderRemotePage(routes, 'live', { id: '7' }, context);
    fireEvent.click(await screen.findByRole('button', { name: '弹幕设置' }));
    const settings = screen.getByRole('dialog', { name: '弹幕设置' });
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

  it('owner console also holds category, cover, admins and schedules; the page asks for this room\'s schedules and reloads them after a change', async () => {
    const ownRoom = { ...ROOM, viewer_role: 'owner' as const, cover: '/uploads/cover7.jpg' };
    let schedules: unknown[] = [];
    const owner = roomContext(
      {},
      {
        [LIVE_PATHS.roomInfo]: () => ownRoom,
        [LIVE_PATHS.reserveLiveList]: () => pageOf(schedules),
        [LIVE_PATHS.roomAdmins]: { room_id: 7, max: 10, list: [] },
        [LIVE_PATHS.followerList]: pageOf([]),
        [LIVE_PATHS.allMatch]: pageOf([]),
        [LIVE_PATHS.deleteSchedule]: () => {
          schedules = [];
          return null;
        },
      },
    );
    schedules = [
      { id: 31, room_id: 7, anchor: ROOM.anchor, title: '焦点战直播', starts_at: '2026-11-23T12:00:00.000Z', reservations: 0, is_reserved: 0, is_live: 0,
        match: { match_id: 900, sport: 'football', competition_short_zh: '英超', home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', kickoff_at: '2026-11-23T12:00:00.000Z', status: 'scheduled', match_str: '未开赛', home_score: 0, away_score: 0 } },
    ];
    logIn(owner, ANCHOR);
    renderRemotePage(routes, 'live', { id: '7' }, owner);
    const panel = await screen.findByRole('region', { name: '主播控制台' });
    expect(within(panel).getByRole('combobox', { name: '直播分类' })).toBeTruthy();
    expect(within(panel).getByRole('img', { name: '当前封面' }).getAttribute('src')).toBe('/uploads/cover7.jpg');
    expect(within(panel).getByTestId('cover-input')).toBeTruthy();
    expect(await within(panel).findByText('房管 0/10')).toBeTruthy();
    expect(within(panel).getByTestId('admin-search-input')).toBeTruthy();
    expect(within(panel).getByTestId('schedule-form')).toBeTruthy();
    for (const call of owner.callsTo(LIVE_PATHS.reserveLiveList)) expect(call.params).toMatchObject({ room_id: 7 });

    // The viewers' list below shows it too; deleting it in the console empties both.
    const viewersList = await screen.findByTestId('schedule-list');
    expect(within(viewersList).getByText('焦点战直播')).toBeTruthy();
    fireEvent.click(await within(panel).findByRole('button', { name: '删除直播预告 焦点战直播' }));
    await waitFor(() => expect(screen.queryByTestId('schedule-list')).toBeNull());
    expect(await screen.findByText('暂无直播预告')).toBeTruthy();
  });

  it('owner and admins can mute a member from the chat (ban1)', async () => {
    const context = roomContext({ viewer_role: 'admin' }, { [LIVE_PATHS.ban]: { room_id: 7, user_id: 77, is_muted: 1, until: null } });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await room.joined();
    act(() => void room.network.publish('1100', { text: '刷屏', from: { userId: '77', nickname: '捣乱者', role: 'member' } }));
    fireEvent.click(screen.getByRole('button', { name: '禁言 捣乱者' }));
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.ban)[0]?.params).toEqual({ room_id: 7, user_id: 77, ban: 1 }));
  });

  it('a signed-in viewer reports another member\'s line with a reason (api/moderation/report); not their own line', async () => {
    const context = roomContext({ viewer_role: 'member' }, { [LIVE_PATHS.report]: { id: 9 } });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await room.joined();
    act(() => void room.network.publish('1100', { text: '加微信领彩金', from: { userId: '77', nickname: '广告号', role: 'member' } }));
    act(() => void room.network.publish('1100', { text: '我自己说的', from: { userId: '501', nickname: '我', role: 'member' } }));
    const [other, mine] = screen.getAllByTestId('chat-message');
    expect(within(mine as HTMLElement).queryByTestId('chat-report')).toBeNull();
    fireEvent.click(within(other as HTMLElement).getByRole('button', { name: '举报 广告号 的消息' }));
    fireEvent.change(screen.getByTestId('chat-report-reason'), { target: { value: 'spam' } });
    fireEvent.click(screen.getByTestId('chat-report-submit'));
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.report)[0]?.params).toEqual({ kind: 'chat', target_id: expect.any(String), reason: 'spam' }));
    await waitFor(() => expect(screen.queryByTestId('chat-report-menu')).toBeNull());
  });
});

/** What the server says of this member's mute; the room info answer follows it. */
describe('watch history heartbeats in the room', () => {
  // Only the heartbeat's interval and the clock are fake: the chat's join delay and waitFor stay real.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => void vi.useRealTimers());
  const watchAnswer = { [LIVE_PATHS.watchRecord]: (params: unknown) => ({ ...(params as object), counted_seconds: 60, today_seconds: 60 }) };

  it('a member watching: watchRecord {room_id, seconds: 60} each minute, the rest when leaving the room', async () => {
    const context = roomContext({}, watchAnswer);
    logIn(context, MEMBER);
    const view = renderRemotePage(routes, 'live', { id: '7' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    // The heading is in the DOM before React runs the page's effects: let them run (the heartbeat
    // starts its interval in one) before the clock moves.
    await act(async () => undefined);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(context.callsTo(LIVE_PATHS.watchRecord).map((call) => call.params)).toEqual([{ room_id: 7, seconds: 60 }]);
    act(() => void vi.advanceTimersByTime(12_000));
    view.unmount();
    expect(context.callsTo(LIVE_PATHS.watchRecord).map((call) => call.params)).toEqual([{ room_id: 7, seconds: 60 }, { room_id: 7, seconds: 12 }]);
  });

  it('a guest watching sends nothing', async () => {
    const context = roomContext({}, watchAnswer);
    const view = renderRemotePage(routes, 'live', { id: '7' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    await act(async () => undefined);
    act(() => void vi.advanceTimersByTime(180_000));
    view.unmount();
    expect(context.callsTo(LIVE_PATHS.watchRecord)).toEqual([]);
  });
});

/** Issue 33: the chat's state lines are the room's state, applied at once (no room info asked). */

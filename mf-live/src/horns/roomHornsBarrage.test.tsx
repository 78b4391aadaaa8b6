import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_CHAT_ACCOUNT_PATH, MEMBER_CHAT_SIG_PATH, type BarrageList } from '@sports/shared';
import { type FakeChatClient, FakeChatNetwork, renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { BARRAGE_PATHS } from '../barrage/barrageApi';
import { overrideRoomDependencies } from '../roomDependencies';
import { routes } from '../routes';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { liveContext, pageOf, roomInfo } from '../testing/fixtures';
import { HORN_PATHS } from './hornsApi';

let network: FakeChatNetwork;
let clients: FakeChatClient[];
let restore: () => void;

beforeEach(() => {
  network = new FakeChatNetwork();
  clients = [];
  const createChatClient = () => {
    const client = network.client();
    clients.push(client);
    return client;
  };
  restore = overrideRoomDependencies({ createChatClient, engines: createFakeEngines().engines, capabilities: MSE_CAPABLE });
});
afterEach(() => restore());

const HISTORY: BarrageList = {
  styles: [{ id: 1, name: '白色', color: '#ffffff', position: 'scroll', price: 0, min_level: 1 }],
  list: [{ id: 31, room_id: 7, user_id: 4, user_nickname: '早到的人', level: 2, text: '开赛前的弹幕', style_id: null, color: '#ffffff', position: 'scroll', created_at: '2026-11-25T00:00:00.000Z' }],
};

function roomContext() {
  return liveContext({
    [LIVE_PATHS.roomInfo]: roomInfo({ room_id: 7, title: '英超直播', group_id: '1100', anchor: { anchor_id: 1100, user_nickname: '主播老李', avatar: '', fans: 9 } }),
    [LIVE_PATHS.reserveLiveList]: pageOf([]),
    [GUEST_CHAT_ACCOUNT_PATH]: { id: 'g42', sig: 'guest-sig' },
    [MEMBER_CHAT_SIG_PATH]: { id: 501, userSig: 'member-sig' },
    [LIVE_PATHS.giftList]: [],
    [LIVE_PATHS.giftRoomRank]: { period: 'day', since: '', list: [] },
    [BARRAGE_PATHS.list]: HISTORY,
    [HORN_PATHS.hornList]: { list: [], next_cursor: null, price: 100 },
  });
}

describe('the room page with horns and barrage', () => {
  it("shows the room's recent danmaku on join, a styled danmaku in its colour and place, and a horn from the chat as the banner", async () => {
    const context = roomContext();
    renderRemotePage(routes, 'live', { id: '7' }, context);
    // 弹幕 in the bar under the player opens the danmaku picker, with the room's recent lines.
    fireEvent.click(await within(await screen.findByRole('group', { name: '互动栏' })).findByRole('button', { name: '发弹幕' }));
    const recent = await within(screen.getByRole('dialog', { name: '发弹幕' })).findByTestId('barrage-recent');
    expect(within(recent).getByText('早到的人：开赛前的弹幕')).toBeTruthy();
    expect(context.callsTo(BARRAGE_PATHS.list)[0]?.params).toEqual({ room_id: 7 });
    await waitFor(() => expect(network.memberCount('1100')).toBe(1), { timeout: 10_000 });

    act(() => void network.publish('1100', { text: '金色弹幕', kind: 'danmaku', from: { userId: '77', nickname: '土豪', role: 'member' }, style: { styleId: 4, color: '#ffd700', position: 'top' } }));
    const flying = within(screen.getByTestId('danmaku-layer')).getByText('金色弹幕');
    expect(flying.getAttribute('data-position')).toBe('top');
    expect(flying.style.color).toBe('rgb(255, 215, 0)');
    expect(within(recent).getByText('土豪：金色弹幕').style.color).toBe('rgb(255, 215, 0)');
    // The horn composer opens from the same bar; the danmaku picker closes.
    fireEvent.mouseDown(screen.getByRole('button', { name: '发喇叭' }));
    fireEvent.click(screen.getByRole('button', { name: '发喇叭' }));
    expect(within(screen.getByRole('dialog', { name: '发喇叭' })).getByTestId('horn-composer')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '发弹幕' })).toBeNull();

    expect(screen.queryByTestId('horn-banner')).toBeNull();
    act(() => clients.at(-1)?.receiveHorn({ id: 'h1', text: '全站广播', senderId: '9', senderNickname: '喊话人', level: 4, sentAt: Date.now() }));
    const banner = await screen.findByTestId('horn-banner');
    expect(banner.textContent).toContain('喊话人：全站广播');
  });
});

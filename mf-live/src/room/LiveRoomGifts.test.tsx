import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_CHAT_ACCOUNT_PATH, MEMBER_CHAT_SIG_PATH, userInfoAtom, type ChatGiftPayload, type ChatGroupMessage } from '@sports/shared';
import { type FakeChatClient, FakeChatNetwork, renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { overrideRoomDependencies } from '../roomDependencies';
import { routes } from '../routes';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { ANCHOR, liveContext, logIn, MEMBER, roomInfo, pageOf } from '../testing/fixtures';
import { CATALOGUE, giftPayload } from '../testing/gifts';

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

const ROOM = roomInfo({ room_id: 7, title: '英超直播', group_id: '1100', anchor: { anchor_id: 1100, user_nickname: '主播老李', avatar: '', fans: 9 } });

function roomContext(overrides: Partial<typeof ROOM> = {}, extra: Record<string, unknown> = {}) {
  return liveContext({
    [LIVE_PATHS.roomInfo]: { ...ROOM, ...overrides },
    [LIVE_PATHS.reserveLiveList]: pageOf([]),
    [GUEST_CHAT_ACCOUNT_PATH]: { id: 'g42', sig: 'guest-sig' },
    [MEMBER_CHAT_SIG_PATH]: { id: 501, userSig: 'member-sig' },
    [LIVE_PATHS.giftList]: CATALOGUE,
    [LIVE_PATHS.giftRoomRank]: { period: 'day', since: '', list: [] },
    ...extra,
  });
}

async function joined() {
  await waitFor(() => expect(network.memberCount('1100')).toBe(1), { timeout: 10_000 });
}

let seq = 0;
/** The server's gift line (system sender, assistant channel, cloudCustomData type 2) reaching this viewer. */
function deliverGift(gift: ChatGiftPayload, sentAt = Date.now()) {
  seq += 1;
  const message: ChatGroupMessage = {
    id: `gift-${seq}`,
    seq,
    groupId: '1100',
    kind: 'text',
    text: `${gift.senderNickname} 送出 ${gift.name} x${gift.count}`,
    from: { userId: 'system', nickname: '系统消息', avatar: '', role: 'system' },
    cloudCustomData: { type: 2, gift },
    sentAt,
  };
  act(() => clients[0]?.deliverGroupMessage(message));
}

describe('gifts in the live room', () => {
  it('every viewer sees a gift: a line in the chat (icon, sender, gift, xN) and an animation over the player; the board reloads', async () => {
    const context = roomContext();
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await joined();
    expect(screen.getByTestId('gift-rank')).toBeTruthy();
    const boardCalls = context.callsTo(LIVE_PATHS.giftRoomRank).length;
    deliverGift(giftPayload({ senderNickname: '土豪甲', name: '火箭', giftId: 5, icon: '/static/gifts/rocket.svg', tier: 3, count: 2 }));
    const line = within(screen.getByRole('log', { name: '全部消息' })).getByTestId('gift-line');
    expect(line.textContent).toBe('土豪甲 送出 火箭x2');
    expect(line.querySelector('img')?.getAttribute('src')).toBe('/static/gifts/rocket.svg');
    const layer = screen.getByTestId('gift-layer');
    expect(screen.getByRole('region', { name: '直播画面' }).contains(layer)).toBe(true);
    expect(within(layer).getByTestId('gift-show').getAttribute('data-tier')).toBe('3');
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.giftRoomRank).length).toBe(boardCalls + 1), { timeout: 10_000 });
  });

  it('a gift from the history (sent long before) is a chat line without an animation', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    await joined();
    deliverGift(giftPayload({ senderNickname: '早来的' }), Date.now() - 120_000);
    expect(screen.getByTestId('gift-line').textContent).toBe('早来的 送出 足球x1');
    expect(screen.queryByTestId('gift-show')).toBeNull();
  });

  it('a member sends from the bar under the player: a gift shortcut opens the picker over the video with that gift picked; the balance updates in the picker, the bar and the shared user', async () => {
    const context = roomContext({ viewer_role: 'member' }, { [LIVE_PATHS.handselGift]: { record_id: 1, gift_id: 1, count: 10, coins: 10, balance: 90, created_at: '2026-11-25T00:00:00.000Z' } });
    logIn(context, { ...MEMBER, balance: 100 });
    renderRemotePage(routes, 'live', { id: '7' }, context);
    const bar = await screen.findByRole('group', { name: '互动栏' });
    // The bar comes right after the player in the page.
    expect(screen.getByRole('region', { name: '直播画面' }).compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(bar).getByTestId('bar-balance').textContent).toBe('余额 100 金币');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(await within(bar).findByRole('button', { name: /^送鲜花/ }));
    const picker = screen.getByRole('dialog', { name: '送礼物' });
    expect(within(bar).getByRole('button', { name: '送礼物' }).getAttribute('aria-expanded')).toBe('true');
    const flower = within(picker).getAllByTestId('gift-option').find((option) => option.textContent?.includes('鲜花'));
    expect(flower?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(picker).getByRole('button', { name: '10 个' }));
    fireEvent.click(within(picker).getByTestId('gift-send'));
    await waitFor(() => expect(within(picker).getByTestId('gift-balance').textContent).toBe('余额 90'));
    expect(within(bar).getByTestId('bar-balance').textContent).toBe('余额 90 金币');
    expect(context.store.get(userInfoAtom)?.balance).toBe(90);
    expect(context.callsTo(LIVE_PATHS.giftList)).toHaveLength(1);
  });

  it('the room\'s owner has no gift picker nor guard in the bar (horn and danmaku stay)', async () => {
    const owner = roomContext({ viewer_role: 'owner' }, { [LIVE_PATHS.roomAdmins]: { room_id: 7, max: 10, list: [] }, [LIVE_PATHS.followerList]: pageOf([]), [LIVE_PATHS.allMatch]: pageOf([]) });
    logIn(owner, ANCHOR);
    renderRemotePage(routes, 'live', { id: '7' }, owner);
    await screen.findByRole('region', { name: '主播控制台' });
    expect(screen.queryByTestId('gift-panel')).toBeNull();
    const bar = screen.getByRole('group', { name: '互动栏' });
    expect(within(bar).queryByRole('button', { name: '送礼物' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: '开通守护' })).toBeNull();
    expect(within(bar).getByRole('button', { name: '发喇叭' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '发弹幕' })).toBeTruthy();
    expect(screen.getByTestId('gift-rank')).toBeTruthy();
  });
});

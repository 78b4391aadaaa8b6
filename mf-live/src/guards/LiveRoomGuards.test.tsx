import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_CHAT_ACCOUNT_PATH, MEMBER_CHAT_SIG_PATH, userInfoAtom, type ChatGroupMessage, type GuardRoomList } from '@sports/shared';
import { type FakeChatClient, FakeChatNetwork, renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { overrideRoomDependencies } from '../roomDependencies';
import { routes } from '../routes';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { liveContext, logIn, MEMBER, pageOf, roomInfo } from '../testing/fixtures';
import { CATALOGUE } from '../testing/gifts';
import { TIERS } from '../testing/guards';
import { GUARD_PATHS } from './guardApi';


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
const EMPTY: GuardRoomList = { list: [], total: 0, mine: null };

function roomContext(extra: Record<string, unknown> = {}) {
  return liveContext({
    [LIVE_PATHS.roomInfo]: ROOM,
    [LIVE_PATHS.reserveLiveList]: pageOf([]),
    [GUEST_CHAT_ACCOUNT_PATH]: { id: 'g42', sig: 'guest-sig' },
    [MEMBER_CHAT_SIG_PATH]: { id: 501, userSig: 'member-sig' },
    [LIVE_PATHS.giftList]: CATALOGUE,
    [LIVE_PATHS.giftRoomRank]: { period: 'day', since: '', list: [] },
    [GUARD_PATHS.tiers]: TIERS,
    [GUARD_PATHS.roomList]: EMPTY,
    ...extra,
  });
}

async function joined() {
  await waitFor(() => expect(network.memberCount('1100')).toBe(1), { timeout: 10_000 });
}

let seq = 0;
function deliver(text: string, from: ChatGroupMessage['from'], kind: ChatGroupMessage['kind'] = 'text') {
  seq += 1;
  const message: ChatGroupMessage = { id: `m-${seq}`, seq, groupId: '1100', kind, text, from, cloudCustomData: { type: from.role === 'system' ? 1 : 0 }, sentAt: Date.now() };
  act(() => clients[0]?.deliverGroupMessage(message));
}

describe('guards in the live room', () => {
  it('a guard\'s badge shows beside their name in the chat and on their danmaku; the entry notice is its own line; none for others', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    await joined();
    deliver('守护来了', { userId: '77', nickname: '铁粉', avatar: '', role: 'member', level: 5, guard: 2 }, 'danmaku');
    deliver('路过', { userId: '78', nickname: '路人', avatar: '', role: 'member', level: 1 });
    deliver('白银守护·铁粉 进入直播间', { userId: 'system', nickname: '系统消息', avatar: '', role: 'system' });
    deliver('伪造', { userId: 'g1', nickname: '游客g1', avatar: '', role: 'guest', guard: 3 });
    const log = screen.getByRole('log', { name: '全部消息' });
    const [guard, plain, faked] = within(log).getAllByTestId('chat-message');
    const badge = within(guard as HTMLElement).getByTestId('guard-badge');
    expect(badge.textContent).toBe('白银守护');
    expect(badge.getAttribute('data-guard')).toBe('2');
    expect(guard?.textContent).toBe('LV5白银守护铁粉:守护来了');
    expect(within(plain as HTMLElement).queryByTestId('guard-badge')).toBeNull();
    expect(within(faked as HTMLElement).queryByTestId('guard-badge')).toBeNull();
    expect(within(log).getByTestId('guard-entry-line').textContent).toBe('白银守护·铁粉 进入直播间');
    const flying = await within(screen.getByTestId('danmaku-layer')).findByTestId('danmaku-item');
    expect(within(flying).getByTestId('guard-badge').textContent).toBe('白银守护');
  });

  it('the room\'s guard list, highest first with badges; a member buys from the panel: new balance, the list and their guard reload', async () => {
    let bought = false;
    const list = (): GuardRoomList =>
      bought
        ? {
            list: [
              { user_id: 9, user_nickname: '大哥', avatar: '', guard_id: 3, level: 3, guard_name: '黄金守护', expires_at: '2027-01-01T00:00:00.000Z' },
              { user_id: 501, user_nickname: MEMBER.user_nickname, avatar: '', guard_id: 1, level: 1, guard_name: '青铜守护', expires_at: '2026-12-25T00:00:00.000Z' },
            ],
            total: 2,
            mine: { guard_id: 1, level: 1, guard_name: '青铜守护', expires_at: '2026-12-25T00:00:00.000Z' },
          }
        : { list: [{ user_id: 9, user_nickname: '大哥', avatar: '', guard_id: 3, level: 3, guard_name: '黄金守护', expires_at: '2027-01-01T00:00:00.000Z' }], total: 1, mine: null };
    const context = roomContext({
      [GUARD_PATHS.roomList]: () => list(),
      [GUARD_PATHS.buy]: (params: Record<string, unknown>) => {
        bought = true;
        return { purchase_id: 1, guard_id: params.guard_id, months: params.months, kind: 'buy', price: 100, credit: 0, coins: 100, expires_at: '2026-12-25T00:00:00.000Z', balance: 210, created_at: '2026-11-25T00:00:00.000Z' };
      },
    });
    logIn(context, { ...MEMBER, balance: 310 });
    renderRemotePage(routes, 'live', { id: '7' }, context);
    const board = await screen.findByTestId('guard-list');
    await waitFor(() => expect(within(board).getAllByTestId('room-guard')).toHaveLength(1));
    expect(within(board).getByText('共 1 位守护')).toBeTruthy();
    // 守护 in the bar under the player opens the picker over the video.
    fireEvent.click(within(screen.getByRole('group', { name: '互动栏' })).getByRole('button', { name: '开通守护' }));
    const panel = within(screen.getByRole('dialog', { name: '开通守护' })).getByTestId('guard-panel');
    fireEvent.click(await within(panel).findByText('青铜守护'));
    fireEvent.click(within(panel).getByTestId('guard-buy'));
    await waitFor(() => expect(within(panel).getByTestId('guard-balance').textContent).toBe('余额 210'));
    expect(context.store.get(userInfoAtom)?.balance).toBe(210);
    await waitFor(() => expect(within(board).getAllByTestId('room-guard')).toHaveLength(2));
    expect(within(board).getAllByTestId('room-guard').map((entry) => entry.textContent)).toEqual(['黄金守护大哥', `青铜守护${MEMBER.user_nickname}`]);
    expect(within(panel).getByTestId('guard-mine').textContent).toBe('您是本直播间的青铜守护，有效期至 2026-12-25');
    // Now the same tier renews, a higher one upgrades.
    expect(within(panel).getByTestId('guard-buy').textContent).toBe('续费守护');
    fireEvent.click(within(panel).getByText('白银守护'));
    expect(within(panel).getByTestId('guard-buy').textContent).toBe('升级守护');
  });

  it('another member\'s purchase heard in the chat reloads the guard list', async () => {
    let guards = 0;
    const context = roomContext({
      [GUARD_PATHS.roomList]: (): GuardRoomList => ({
        list: Array.from({ length: guards }, (_, index) => ({ user_id: 80 + index, user_nickname: `铁粉${index}`, avatar: '', guard_id: 1, level: 1 as const, guard_name: '青铜守护', expires_at: '2027-01-01T00:00:00.000Z' })),
        total: guards,
        mine: null,
      }),
    });
    renderRemotePage(routes, 'live', { id: '7' }, context);
    await joined();
    const board = await screen.findByTestId('guard-list');
    await waitFor(() => expect(within(board).getByText('共 0 位守护')).toBeTruthy());
    guards = 1;
    deliver('路人 说 铁粉0 开通了 青铜守护', { userId: '78', nickname: '路人', avatar: '', role: 'member' });
    deliver('铁粉0 开通了 青铜守护 1个月', { userId: 'system', nickname: '系统消息', avatar: '', role: 'system' });
    await waitFor(() => expect(within(board).getAllByTestId('room-guard')).toHaveLength(1), { timeout: 10_000 });
    expect(context.callsTo(GUARD_PATHS.roomList).length).toBe(2);
  });

  it('the room\'s owner has no guard panel but sees the list', async () => {
    const context = roomContext({ [LIVE_PATHS.roomInfo]: { ...ROOM, viewer_role: 'owner' } });
    renderRemotePage(routes, 'live', { id: '7' }, context);
    expect(await screen.findByTestId('guard-list')).toBeTruthy();
    expect(screen.queryByTestId('guard-panel')).toBeNull();
    expect(screen.queryByRole('button', { name: '开通守护' })).toBeNull();
  });
});

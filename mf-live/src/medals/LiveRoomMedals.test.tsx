import '../testing/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_CHAT_ACCOUNT_PATH, MEMBER_CHAT_SIG_PATH, type ChatGroupMessage, type GuardRoomList } from '@sports/shared';
import { type FakeChatClient, FakeChatNetwork, renderRemotePage } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { overrideRoomDependencies } from '../roomDependencies';
import { routes } from '../routes';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { liveContext, pageOf, roomInfo } from '../testing/fixtures';
import { CATALOGUE } from '../testing/gifts';
import { TIERS } from '../testing/guards';
import { GUARD_PATHS } from '../guards/guardApi';

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

function roomContext() {
  return liveContext({
    [LIVE_PATHS.roomInfo]: ROOM,
    [LIVE_PATHS.reserveLiveList]: pageOf([]),
    [GUEST_CHAT_ACCOUNT_PATH]: { id: 'g42', sig: 'guest-sig' },
    [MEMBER_CHAT_SIG_PATH]: { id: 501, userSig: 'member-sig' },
    [LIVE_PATHS.giftList]: CATALOGUE,
    [LIVE_PATHS.giftRoomRank]: { period: 'day', since: '', list: [] },
    [GUARD_PATHS.tiers]: TIERS,
    [GUARD_PATHS.roomList]: EMPTY,
    'api/FanMedal/roomFans': { anchor_id: 1100, name: '老李团', named: 1, total: 0, list: [], next_cursor: null },
  });
}

let seq = 0;
function deliver(text: string, from: ChatGroupMessage['from'], kind: ChatGroupMessage['kind'] = 'text') {
  seq += 1;
  const message: ChatGroupMessage = { id: `m-${seq}`, seq, groupId: '1100', kind, text, from, cloudCustomData: { type: from.role === 'system' ? 1 : 0 }, sentAt: Date.now() };
  act(() => clients[0]?.deliverGroupMessage(message));
}

describe('fan medals on the live room\'s chat lines and danmaku', () => {
  it('the worn medal (name and level) shows before the name on a chat line and a danmaku; a greyed one is dimmed and says so; none for a guest or a malformed one', async () => {
    renderRemotePage(routes, 'live', { id: '7' }, roomContext());
    await waitFor(() => expect(network.memberCount('1100')).toBe(1), { timeout: 10_000 });
    deliver('冲冲冲', { userId: '77', nickname: '铁粉', avatar: '', role: 'member', level: 5, medal: { name: '球王团', level: 7, lit: true } }, 'danmaku');
    deliver('好久没来', { userId: '78', nickname: '老粉', avatar: '', role: 'member', level: 2, medal: { name: '球王团', level: 12, lit: false } });
    deliver('伪造', { userId: 'g1', nickname: '游客g1', avatar: '', role: 'guest', medal: { name: '假的', level: 20, lit: true } });
    deliver('坏的', { userId: '79', nickname: '路人', avatar: '', role: 'member', level: 1, medal: { name: '', level: 99, lit: true } });
    const log = screen.getByRole('log', { name: '全部消息' });
    const [worn, greyed, guest, broken] = within(log).getAllByTestId('chat-message');
    const badge = within(worn as HTMLElement).getByRole('img', { name: '粉丝勋章 球王团 7级' });
    expect(badge.getAttribute('data-lit')).toBe('1');
    expect(worn?.textContent).toBe('球王团7LV5铁粉:冲冲冲');
    expect(within(greyed as HTMLElement).getByRole('img', { name: '粉丝勋章 球王团 12级（已熄灭）' }).getAttribute('data-lit')).toBe('0');
    expect(within(guest as HTMLElement).queryByTestId('fan-medal-badge')).toBeNull();
    expect(within(broken as HTMLElement).queryByTestId('fan-medal-badge')).toBeNull();
    const flying = await within(screen.getByTestId('danmaku-layer')).findByTestId('danmaku-item');
    expect(within(flying).getByTestId('fan-medal-badge').textContent).toBe('球王团7');
  });
});

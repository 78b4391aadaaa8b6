import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSportsStore, type SportsStore } from '../store/createSportsStore';
import { messageListAtom, onLineAtom, systemNoticeListAtom, zhuboMessageListAtom, zhushouMessageListAtom, chatRoomStatusAtom } from '../store/chatAtoms';
import { imTouristAccountAtom, userInfoAtom } from '../store/persistedAtoms';
import { guestIdAtom, sessionAtom } from '../store/sessionAtoms';
import { FakeChatClient, FakeChatNetwork } from '../testing/fakeChatClient';
import { GUEST_CHAT_ACCOUNT_PATH, MEMBER_CHAT_SIG_PATH } from './chatApiPaths';
import { ChatSession, ONLINE_COUNT_REFRESH_MS } from './chatSession';

const ROOM = '42';
const PREFIX = '游客';

function fakeApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  return {
    calls,
    get: async <T,>(path: string): Promise<T> => {
      calls.push(path);
      const answer = answers[path];
      if (answer instanceof Error || answer === undefined) throw answer ?? new Error(`no answer for ${path}`);
      return answer as T;
    },
  };
}

function member(store: SportsStore, id = 7) {
  store.set(userInfoAtom, { user_nickname: '张三', avatar: '', exp: 0, balance: 0, is_anchor: 0, id });
}

describe('ChatSession (SPEC.md sections 3, 4, 8, 9)', () => {
  let store: SportsStore;
  let network: FakeChatNetwork;
  let client: FakeChatClient;
  let logger: { warn: ReturnType<typeof vi.fn<(message: string, ...details: unknown[]) => void>> };
  const sessions: ChatSession[] = [];

  function startSession(api: ReturnType<typeof fakeApi>, extra: { client?: FakeChatClient } = {}) {
    const session = new ChatSession({ store, api, client: extra.client ?? client, groupId: ROOM, guestNicknamePrefix: PREFIX, logger });
    sessions.push(session);
    return session;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    store = createSportsStore();
    network = new FakeChatNetwork();
    client = network.client();
    logger = { warn: vi.fn<(message: string, ...details: unknown[]) => void>() };
  });

  afterEach(() => {
    for (const session of sessions.splice(0)) session.stop();
    vi.useRealTimers();
  });

  it('a logged-in member chats as themselves (getUserSig); login success sets islogin false', async () => {
    member(store);
    store.set(sessionAtom, (session) => ({ ...session, islogin: true }));
    const api = fakeApi({ [MEMBER_CHAT_SIG_PATH]: { id: 7, userSig: 'member-sig' } });
    await startSession(api).start();
    expect(api.calls).toEqual([MEMBER_CHAT_SIG_PATH]);
    expect(client.identity).toEqual({ userId: '7', userSig: 'member-sig', kind: 'member' });
    expect(store.get(sessionAtom).islogin).toBe(false);
  });

  it('a guest gets a tourist account, kept in imTouristAccount and youkeid, and reuses it next time', async () => {
    const api = fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_00000000000000aa', sig: 'g-sig' } });
    await startSession(api).start();
    expect(client.identity).toEqual({ userId: 'guest_00000000000000aa', userSig: 'g-sig', kind: 'guest' });
    expect(store.get(imTouristAccountAtom)).toEqual({ id: 'guest_00000000000000aa', sig: 'g-sig' });
    expect(store.get(guestIdAtom)).toBe('guest_00000000000000aa');

    const second = network.client();
    await startSession(api, { client: second }).start();
    expect(api.calls).toEqual([GUEST_CHAT_ACCOUNT_PATH]);
    expect(second.identity?.userId).toBe('guest_00000000000000aa');
  });

  it('a failed chat login sets islogin true and logs a warning, nothing else happens', async () => {
    client.failNext('login', new Error('bad sig'));
    member(store);
    const api = fakeApi({ [MEMBER_CHAT_SIG_PATH]: { id: 7, userSig: 'member-sig' } });
    await startSession(api).start();
    expect(store.get(sessionAtom).islogin).toBe(true);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('login as member 7 failed'), expect.any(Error));
    expect(store.get(chatRoomStatusAtom)).toBe('login-failed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(client.callsOf('joinGroup')).toHaveLength(0);
  });

  it('a saved guest account the chat refuses (expired) is replaced by a fresh one, once', async () => {
    store.set(imTouristAccountAtom, { id: 'guest_old', sig: 'expired' });
    client.failNext('login', new Error('expired'));
    const api = fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_new', sig: 'fresh' } });
    await startSession(api).start();
    expect(client.callsOf('login').map((call) => (call.args[0] as { userId: string }).userId)).toEqual(['guest_old', 'guest_new']);
    expect(store.get(imTouristAccountAtom)).toEqual({ id: 'guest_new', sig: 'fresh' });
    expect(store.get(sessionAtom).islogin).toBe(false);
  });

  it("sets the guest's nickname to the prefix + id 1 s after login, and joins the group 1 s after login", async () => {
    const api = fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_1', sig: 's' } });
    const loginAt = Date.now();
    await startSession(api).start();
    await vi.advanceTimersByTimeAsync(999);
    expect(client.callsOf('updateMyProfile')).toHaveLength(0);
    expect(client.callsOf('joinGroup')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.callsOf('updateMyProfile').map((call) => [call.args[0], call.at - loginAt])).toEqual([[{ nickname: '游客guest_1' }, 1000]]);
    expect(client.callsOf('joinGroup').map((call) => [call.args[0], call.at - loginAt])).toEqual([[ROOM, 1000]]);
    expect(store.get(chatRoomStatusAtom)).toBe('success');
  });

  it('members are not renamed', async () => {
    member(store);
    await startSession(fakeApi({ [MEMBER_CHAT_SIG_PATH]: { id: 7, userSig: 'x' } })).start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.callsOf('updateMyProfile')).toHaveLength(0);
  });

  it('the anchor in their own room creates the anchor group before joining it', async () => {
    member(store, 42);
    await startSession(fakeApi({ [MEMBER_CHAT_SIG_PATH]: { id: 42, userSig: 'x' } })).start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(client.calls.map((call) => call.method)).toEqual(['login', 'createAnchorGroup', 'joinGroup', 'getOnlineMemberCount']);
  });

  it('shows the online count as member count + 50, refreshed periodically', async () => {
    network.memberCountOverride.set(ROOM, 10);
    await startSession(fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_1', sig: 's' } })).start();
    expect(store.get(onLineAtom)).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.get(onLineAtom)).toBe(60);
    network.memberCountOverride.set(ROOM, 25);
    await vi.advanceTimersByTimeAsync(ONLINE_COUNT_REFRESH_MS);
    expect(store.get(onLineAtom)).toBe(75);
  });

  it('online count and profile update failures are only logged', async () => {
    client.failNext('updateMyProfile').failNext('getOnlineMemberCount');
    network.memberCountOverride.set(ROOM, 3);
    await startSession(fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_1', sig: 's' } })).start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(logger.warn).toHaveBeenCalledWith('chat: setting the guest nickname failed', expect.any(Error));
    expect(logger.warn).toHaveBeenCalledWith('chat: getting the online count failed', expect.any(Error));
    expect(store.get(onLineAtom)).toBeNull();
    expect(store.get(sessionAtom).islogin).toBe(false);
    expect(store.get(chatRoomStatusAtom)).toBe('success');
    await vi.advanceTimersByTimeAsync(ONLINE_COUNT_REFRESH_MS);
    expect(store.get(onLineAtom)).toBe(53);
  });

  it('appends group messages to messageList and files them by channel: type 0 anchor, otherwise assistant', async () => {
    const session = startSession(fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_1', sig: 's' } }));
    await session.start();
    await vi.advanceTimersByTimeAsync(1_000);
    const seen: string[] = [];
    session.onMessage((message) => seen.push(message.text));
    network.publish(ROOM, { text: '主播好', from: { role: 'member' }, channel: 0 });
    network.publish(ROOM, { text: '欢迎来到直播间', from: { role: 'system' }, channel: 1 });
    network.publish(ROOM, { text: '开播了', from: { userId: ROOM, role: 'anchor' } });
    network.publish('other-room', { text: '别的房间' });
    expect(store.get(messageListAtom).map((message) => message.text)).toEqual(['主播好', '欢迎来到直播间', '开播了']);
    expect(store.get(zhuboMessageListAtom).map((message) => message.text)).toEqual(['主播好', '开播了']);
    expect(store.get(zhushouMessageListAtom).map((message) => message.text)).toEqual(['欢迎来到直播间']);
    expect(seen).toEqual(['主播好', '欢迎来到直播间', '开播了']);
  });

  it('keeps the last 200 messages and drops a message id seen before', async () => {
    await startSession(fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_1', sig: 's' } })).start();
    await vi.advanceTimersByTimeAsync(1_000);
    for (let index = 1; index <= 205; index += 1) network.publish(ROOM, { text: `m${index}`, channel: 0 });
    const list = store.get(messageListAtom);
    expect(list).toHaveLength(200);
    expect(list[0]?.text).toBe('m6');
    expect(list.at(-1)?.text).toBe('m205');
    client.deliverGroupMessage({ ...list.at(-1)!, id: 'fresh-copy' });
    client.deliverGroupMessage({ ...list.at(-1)! });
    expect(store.get(messageListAtom).at(-1)?.id).toBe('fresh-copy');
    expect(store.get(messageListAtom).filter((message) => message.text === 'm205')).toHaveLength(2);
  });

  it("the user's own sent message is in messageList at once; refusals come back as results", async () => {
    member(store);
    const session = startSession(fakeApi({ [MEMBER_CHAT_SIG_PATH]: { id: 7, userSig: 'x' } }));
    await session.start();
    await vi.advanceTimersByTimeAsync(1_000);
    const sent = await session.send('大家好', 'danmaku');
    expect(sent.ok).toBe(true);
    expect(store.get(messageListAtom).map((message) => [message.text, message.kind])).toEqual([['大家好', 'danmaku']]);
    network.mute('7');
    expect(await session.send('再说一句', 'text')).toEqual({ ok: false, refusal: { code: 'muted', message: '您已被禁言' } });
    expect(store.get(messageListAtom)).toHaveLength(1);
  });

  it('ignores a private message with the same last sequence; sets the notice list only if empty', async () => {
    const session = startSession(fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_1', sig: 's' } }));
    await session.start();
    client.receiveSystemNotice({ lastSequence: 1, text: '您已被禁言' });
    client.receiveSystemNotice({ lastSequence: 1, text: '您已被禁言' });
    expect(store.get(systemNoticeListAtom).map((notice) => notice.text)).toEqual(['您已被禁言']);
    client.receiveSystemNotice({ lastSequence: 2, text: '您已被解除禁言' });
    expect(store.get(systemNoticeListAtom).map((notice) => notice.text)).toEqual(['您已被禁言']);
    session.dismissSystemNotices();
    expect(store.get(systemNoticeListAtom).map((notice) => notice.text)).toEqual(['您已被解除禁言']);
    session.dismissSystemNotices();
    expect(store.get(systemNoticeListAtom)).toEqual([]);
  });

  it('stop() leaves the group, closes the client and cancels the pending join', async () => {
    const session = startSession(fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_1', sig: 's' } }));
    await session.start();
    session.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(client.callsOf('joinGroup')).toHaveLength(0);
    expect(client.destroyed).toBe(true);
  });

  it("a new session clears the previous room's lists", async () => {
    store.set(messageListAtom, [{ id: 'old' } as never]);
    store.set(onLineAtom, 99);
    await startSession(fakeApi({ [GUEST_CHAT_ACCOUNT_PATH]: { id: 'guest_1', sig: 's' } })).start();
    expect(store.get(messageListAtom)).toEqual([]);
    expect(store.get(onLineAtom)).toBeNull();
  });
});

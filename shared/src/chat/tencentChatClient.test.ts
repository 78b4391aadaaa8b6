import { createHmac } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createSportsStore } from '../store/createSportsStore';
import { imTouristAccountAtom } from '../store/persistedAtoms';
import type { ChatGroupMessage, ChatSystemNotice } from './chatClient';
import { GUEST_CHAT_ACCOUNT_PATH } from './chatApiPaths';
import { ChatSession } from './chatSession';
import { createChatClient } from './createChatClient';
import { BuiltinChatClient } from './builtinChatClient';
import { TencentChatClient, type TimEvent, type TimInstance, type TimMessage, type TimSdk } from './tencentChatClient';

const SDK_APP_ID = 1400000001;
/** The application's secret key: our server signs with it, Tencent's servers check with it. */
const TENCENT_KEY = 'tencent-test-key';
const WEEK_SECONDS = 604_800;

/**
 * A UserSig as tls-sig-api-v2 makes it (what getUserSig and imTouristAccount answer with
 * IM_PROVIDER=tencent): base64 with `*-_` for `+/=`, of deflated JSON carrying an HMAC-SHA-256 of
 * the identifier, SDKAppID, issue time and validity under the secret key.
 */
function tencentUserSig(identifier: string, options: { sdkAppId?: number; key?: string; time?: number; expire?: number } = {}): string {
  const sdkAppId = options.sdkAppId ?? SDK_APP_ID;
  const time = options.time ?? Math.floor(Date.now() / 1000);
  const expire = options.expire ?? WEEK_SECONDS;
  const signed = `TLS.identifier:${identifier}\nTLS.sdkappid:${sdkAppId}\nTLS.time:${time}\nTLS.expire:${expire}\n`;
  const sig = createHmac('sha256', options.key ?? TENCENT_KEY).update(signed).digest('base64');
  const doc = { 'TLS.ver': '2.0', 'TLS.identifier': identifier, 'TLS.sdkappid': sdkAppId, 'TLS.time': time, 'TLS.expire': expire, 'TLS.sig': sig };
  return deflateSync(Buffer.from(JSON.stringify(doc))).toString('base64').replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_');
}

/**
 * What Tencent's servers do with the UserSig of a login (its documented error codes): 70003 not a
 * UserSig (or not signed with the application's key), 70013 issued for another user id, 70014
 * for another SDKAppID, 70001 expired.
 */
function checkUserSig(userSig: string, userID: string, sdkAppId: number): void {
  const refuse = (code: number, message: string) => Object.assign(new Error(message), { code });
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(inflateSync(Buffer.from(userSig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '='), 'base64')).toString('utf8')) as Record<string, unknown>;
  } catch {
    throw refuse(70003, 'UserSig invalid');
  }
  const [identifier, appId, time, expire] = [doc['TLS.identifier'], doc['TLS.sdkappid'], doc['TLS.time'], doc['TLS.expire']];
  if (doc['TLS.ver'] !== '2.0' || typeof time !== 'number' || typeof expire !== 'number') throw refuse(70003, 'UserSig invalid');
  const signed = `TLS.identifier:${String(identifier)}\nTLS.sdkappid:${String(appId)}\nTLS.time:${time}\nTLS.expire:${expire}\n`;
  if (doc['TLS.sig'] !== createHmac('sha256', TENCENT_KEY).update(signed).digest('base64')) throw refuse(70003, 'UserSig invalid');
  if (identifier !== userID) throw refuse(70013, 'UserSig identifier mismatch');
  if (appId !== sdkAppId) throw refuse(70014, 'UserSig SDKAppID mismatch');
  if ((time + expire) * 1000 <= Date.now()) throw refuse(70001, 'userSig expired');
}

/**
 * A stand-in for tim-js-sdk 2.27.6 (a third party: the real one needs Tencent's cloud). It holds
 * the SDK's documented contract: constants with the SDK's real values, login refused unless the
 * UserSig is one Tencent would take (checkUserSig), SDK_READY only after login, API calls before
 * ready refused, AVChatRoom joins needing `type`, createGroup failing with 10025 for a group id
 * the caller already owns.
 */
function fakeTimSdk() {
  const handlers = new Map<string, Set<(event: TimEvent) => void>>();
  const calls: { method: string; args: unknown[] }[] = [];
  let ready = false;
  let me = '';
  let sdkAppId = 0;
  const groups = new Set<string>();
  const fire = (name: string, data: unknown) => {
    for (const handler of [...(handlers.get(name) ?? [])]) handler({ name, data });
  };
  const requireReady = () => {
    if (!ready) throw Object.assign(new Error('sdk not ready'), { code: 2999 });
  };
  const instance: TimInstance & { failNextSend?: number } = {
    setLogLevel: (level) => void calls.push({ method: 'setLogLevel', args: [level] }),
    on: (name, handler) => void (handlers.get(name) ?? handlers.set(name, new Set()).get(name))!.add(handler),
    off: (name, handler) => void handlers.get(name)?.delete(handler),
    async login(options) {
      calls.push({ method: 'login', args: [options] });
      checkUserSig(options.userSig, options.userID, sdkAppId);
      me = options.userID;
      // The SDK answers login first and becomes ready a moment later.
      setTimeout(() => {
        ready = true;
        fire(sdk.EVENT.SDK_READY, {});
      }, 5);
      return { code: 0, data: { repeatLogin: false } };
    },
    async logout() {
      calls.push({ method: 'logout', args: [] });
      ready = false;
    },
    async destroy() {
      calls.push({ method: 'destroy', args: [] });
    },
    async createGroup(options) {
      calls.push({ method: 'createGroup', args: [options] });
      requireReady();
      if (groups.has(options.groupID)) throw Object.assign(new Error('group id used'), { code: 10025 });
      groups.add(options.groupID);
      return { code: 0, data: { group: { groupID: options.groupID } } };
    },
    async joinGroup(options) {
      calls.push({ method: 'joinGroup', args: [options] });
      requireReady();
      if (options.type !== sdk.TYPES.GRP_AVCHATROOM) throw Object.assign(new Error('type required for AVChatRoom'), { code: 2620 });
      if (options.groupID === 'approval') return { code: 0, data: { status: sdk.TYPES.JOIN_STATUS_WAIT_APPROVAL } };
      if (options.groupID === 'again') return { code: 0, data: { status: sdk.TYPES.JOIN_STATUS_ALREADY_IN_GROUP } };
      return { code: 0, data: { status: sdk.TYPES.JOIN_STATUS_SUCCESS } };
    },
    async quitGroup(groupID) {
      calls.push({ method: 'quitGroup', args: [groupID] });
    },
    createTextMessage(options) {
      calls.push({ method: 'createTextMessage', args: [options] });
      return {
        ID: `out-${calls.length}`,
        type: sdk.TYPES.MSG_TEXT,
        payload: options.payload,
        conversationType: options.conversationType,
        to: options.to,
        // The SDK sets the sender to the logged-in user.
        from: me,
        time: 1_700_000_000,
        nick: '',
        avatar: '',
        cloudCustomData: options.cloudCustomData ?? '',
        sequence: 9,
      };
    },
    async sendMessage(message) {
      calls.push({ method: 'sendMessage', args: [message] });
      requireReady();
      if (instance.failNextSend !== undefined) {
        const code = instance.failNextSend;
        instance.failNextSend = undefined;
        throw Object.assign(new Error('refused'), { code });
      }
      return { code: 0, data: { message } };
    },
    async getGroupOnlineMemberCount(groupID) {
      calls.push({ method: 'getGroupOnlineMemberCount', args: [groupID] });
      requireReady();
      return { code: 0, data: { memberCount: 12 } };
    },
    async updateMyProfile(options) {
      calls.push({ method: 'updateMyProfile', args: [options] });
      requireReady();
      return { code: 0, data: {} };
    },
  };
  const sdk: TimSdk = {
    create: vi.fn((options: { SDKAppID: number }) => {
      calls.push({ method: 'create', args: [options] });
      sdkAppId = options.SDKAppID;
      return instance;
    }),
    EVENT: { SDK_READY: 'sdkStateReady', SDK_NOT_READY: 'sdkStateNotReady', MESSAGE_RECEIVED: 'onMessageReceived', NET_STATE_CHANGE: 'netStateChange', KICKED_OUT: 'kickedOut' },
    TYPES: {
      GRP_AVCHATROOM: 'AVChatRoom',
      CONV_GROUP: 'GROUP',
      CONV_C2C: 'C2C',
      MSG_TEXT: 'TIMTextElem',
      MSG_CUSTOM: 'TIMCustomElem',
      JOIN_STATUS_SUCCESS: 'JoinedSuccess',
      JOIN_STATUS_WAIT_APPROVAL: 'WaitAdminApproval',
      JOIN_STATUS_ALREADY_IN_GROUP: 'AlreadyInGroup',
      GENDER_MALE: 'Gender_Type_Male',
      ALLOW_TYPE_ALLOW_ANY: 'AllowType_Type_AllowAny',
      NET_STATE_CONNECTED: 'connected',
      NET_STATE_CONNECTING: 'connecting',
      NET_STATE_DISCONNECTED: 'disconnected',
    },
  };
  return { sdk, instance, calls, fire, handlers };
}

function incoming(overrides: Partial<TimMessage>): TimMessage {
  return {
    ID: 'in-1',
    type: 'TIMTextElem',
    payload: { text: '你好' },
    conversationType: 'GROUP',
    to: '42',
    from: '7',
    time: 1_700_000_000,
    nick: '张三',
    avatar: 'https://example.com/a.png',
    cloudCustomData: JSON.stringify({ type: 1, kind: 'text' }),
    sequence: 3,
    ...overrides,
  };
}

async function loggedIn(userId = '7') {
  const fake = fakeTimSdk();
  const loadSdk = vi.fn(async () => fake.sdk);
  const client = new TencentChatClient({ sdkAppId: SDK_APP_ID, loadSdk });
  await client.login({ userId, userSig: tencentUserSig(userId), kind: 'member' });
  return { client, loadSdk, ...fake };
}

describe('TencentChatClient over tim-js-sdk (fake SDK)', () => {
  it('loads the SDK only at login, creates it with the SDKAppID and waits for SDK_READY', async () => {
    const fake = fakeTimSdk();
    const loadSdk = vi.fn(async () => fake.sdk);
    const client = new TencentChatClient({ sdkAppId: SDK_APP_ID, loadSdk });
    expect(loadSdk).not.toHaveBeenCalled();
    const userSig = tencentUserSig('7');
    await client.login({ userId: '7', userSig, kind: 'member' });
    expect(loadSdk).toHaveBeenCalledTimes(1);
    expect(fake.calls.slice(0, 3)).toEqual([
      { method: 'create', args: [{ SDKAppID: SDK_APP_ID }] },
      { method: 'setLogLevel', args: [1] },
      { method: 'login', args: [{ userID: '7', userSig }] },
    ]);
    // Ready: an authenticated call goes through.
    expect(await client.getOnlineMemberCount('42')).toBe(12);
  });

  it('a refused login rejects (the session sets islogin): expired, another user, another app, not a UserSig', async () => {
    const login = (userSig: string, sdkAppId = SDK_APP_ID) =>
      new TencentChatClient({ sdkAppId, loadSdk: async () => fakeTimSdk().sdk }).login({ userId: '7', userSig, kind: 'member' });
    await expect(login(tencentUserSig('7', { time: Math.floor(Date.now() / 1000) - WEEK_SECONDS - 1 }))).rejects.toMatchObject({ code: 70001 });
    await expect(login(tencentUserSig('8'))).rejects.toMatchObject({ code: 70013 });
    await expect(login(tencentUserSig('7'), 1400000002)).rejects.toMatchObject({ code: 70014 });
    await expect(login(tencentUserSig('7', { key: 'not-our-key' }))).rejects.toMatchObject({ code: 70003 });
    // The built-in chat's signature (`<expiry>.<HMAC>`) is not a UserSig.
    await expect(login(`${Math.floor(Date.now() / 1000) + 100}.${'A'.repeat(43)}`)).rejects.toMatchObject({ code: 70003 });
    await expect(login(tencentUserSig('7'))).resolves.toBeUndefined();
  });

  it('a guest logs in with its tourist account: a UserSig for the guest id; a stale built-in signature is replaced once', async () => {
    const guestId = 'guest_00000000000000ab';
    const store = createSportsStore();
    // Saved while the site ran the built-in chat: Tencent refuses it.
    store.set(imTouristAccountAtom, { id: 'guest_00000000000000aa', sig: `${Math.floor(Date.now() / 1000) + 100}.${'A'.repeat(43)}` });
    const answers: string[] = [];
    const api = {
      get: async <T,>(path: string): Promise<T> => {
        answers.push(path);
        if (path !== GUEST_CHAT_ACCOUNT_PATH) throw new Error(`unexpected ${path}`);
        return { id: guestId, sig: tencentUserSig(guestId) } as T;
      },
    };
    const fake = fakeTimSdk();
    const client = new TencentChatClient({ sdkAppId: SDK_APP_ID, loadSdk: async () => fake.sdk });
    const logger = { warn: vi.fn() };
    const session = new ChatSession({ store, api, client, groupId: '42', guestNicknamePrefix: '游客', logger });
    try {
      await session.start();
      expect(session.chatIdentity).toMatchObject({ userId: guestId, kind: 'guest' });
      expect(answers).toEqual([GUEST_CHAT_ACCOUNT_PATH]);
      const logins = fake.calls.filter((call) => call.method === 'login').map((call) => (call.args[0] as { userID: string }).userID);
      expect(logins).toEqual(['guest_00000000000000aa', guestId]);
      expect(store.get(imTouristAccountAtom)?.id).toBe(guestId);
    } finally {
      session.stop();
    }
  });

  it('maps the join statuses of an AVChatRoom join', async () => {
    const { client, calls } = await loggedIn();
    expect(await client.joinGroup('42')).toBe('success');
    expect(await client.joinGroup('approval')).toBe('wait-approval');
    expect(await client.joinGroup('again')).toBe('already-in-group');
    expect(calls.find((call) => call.method === 'joinGroup')?.args).toEqual([{ groupID: '42', type: 'AVChatRoom' }]);
  });

  it('creates the anchor room as an AVChatRoom named after the user id; a second time is fine', async () => {
    const { client, calls } = await loggedIn('42');
    expect(await client.createAnchorGroup('42')).toBe('42');
    expect(await client.createAnchorGroup('42')).toBe('42');
    expect(calls.filter((call) => call.method === 'createGroup').map((call) => call.args[0])).toEqual([
      { name: '42', type: 'AVChatRoom', groupID: '42' },
      { name: '42', type: 'AVChatRoom', groupID: '42' },
    ]);
  });

  it('updates the profile with nick, avatar, gender male and allow-any (SPEC.md section 7)', async () => {
    const { client, calls } = await loggedIn();
    await client.updateMyProfile({ nickname: '游客guest_1', avatar: '/a.png' });
    expect(calls.find((call) => call.method === 'updateMyProfile')?.args[0]).toEqual({
      nick: '游客guest_1',
      avatar: '/a.png',
      gender: 'Gender_Type_Male',
      allowType: 'AllowType_Type_AllowAny',
    });
  });

  it('sends a text message with the channel and danmaku flag in cloudCustomData', async () => {
    const { client, calls } = await loggedIn('42');
    const result = await client.sendGroupMessage('42', ' 开播啦 ', 'danmaku');
    expect(calls.find((call) => call.method === 'createTextMessage')?.args[0]).toEqual({
      to: '42',
      conversationType: 'GROUP',
      payload: { text: '开播啦' },
      cloudCustomData: JSON.stringify({ type: 0, kind: 'danmaku' }),
    });
    expect(result.ok && [result.message.text, result.message.kind, result.message.cloudCustomData.type]).toEqual(['开播啦', 'danmaku', 0]);
  });

  it('refusals: empty, too long, muted (10017), rate limited (10023), other errors', async () => {
    const { client, instance } = await loggedIn();
    expect(await client.sendGroupMessage('42', '   ', 'text')).toMatchObject({ ok: false, refusal: { code: 'empty' } });
    expect(await client.sendGroupMessage('42', '字'.repeat(101), 'text')).toMatchObject({ ok: false, refusal: { code: 'too-long' } });
    instance.failNextSend = 10017;
    expect(await client.sendGroupMessage('42', '你好', 'text')).toEqual({ ok: false, refusal: { code: 'muted', message: '您已被禁言' } });
    instance.failNextSend = 10023;
    expect(await client.sendGroupMessage('42', '你好', 'text')).toMatchObject({ ok: false, refusal: { code: 'rate-limited' } });
    instance.failNextSend = 80001;
    expect(await client.sendGroupMessage('42', '你好', 'text')).toMatchObject({ ok: false, refusal: { code: 'failed' } });
    const notLoggedIn = new TencentChatClient({ sdkAppId: 1, loadSdk: async () => fakeTimSdk().sdk });
    expect(await notLoggedIn.sendGroupMessage('42', '你好', 'text')).toMatchObject({ ok: false, refusal: { code: 'not-logged-in' } });
  });

  it('turns MESSAGE_RECEIVED into group messages and C2C notices, each message id once', async () => {
    const { client, fire } = await loggedIn();
    const messages: ChatGroupMessage[] = [];
    const notices: ChatSystemNotice[] = [];
    client.on('groupMessage', (message) => messages.push(message));
    client.on('systemNotice', (notice) => notices.push(notice));
    fire('onMessageReceived', [
      incoming({}),
      incoming({}),
      incoming({ ID: 'in-2', from: '42', cloudCustomData: JSON.stringify({ type: 0, kind: 'danmaku' }) }),
      incoming({ ID: 'in-3', from: '8', cloudCustomData: JSON.stringify({ type: 0 }) }),
      incoming({ ID: 'in-4', cloudCustomData: 'not json' }),
      incoming({ ID: 'in-5', type: 'TIMImageElem', payload: {} }),
      incoming({ ID: 'c2c-1', conversationType: 'C2C', to: '7', from: 'administrator', payload: { text: '您已被禁言' }, sequence: 11 }),
    ]);
    expect(messages.map((message) => [message.id, message.from.role, message.cloudCustomData.type, message.kind])).toEqual([
      ['in-1', 'member', 1, 'text'],
      ['in-2', 'anchor', 0, 'danmaku'],
      // Only the anchor's messages go to the anchor channel, whatever cloudCustomData claims.
      ['in-3', 'member', 1, 'text'],
      ['in-4', 'member', 1, 'text'],
    ]);
    expect(messages[0]).toMatchObject({ groupId: '42', text: '你好', seq: 3, sentAt: 1_700_000_000_000, from: { userId: '7', nickname: '张三' } });
    expect(notices).toEqual([{ id: 'c2c-1', lastSequence: 11, text: '您已被禁言', sentAt: 1_700_000_000_000 }]);
  });

  it('reports the net state and a kick-out as connection changes; destroy unhooks and destroys', async () => {
    const { client, fire, handlers, calls } = await loggedIn();
    const states: string[] = [];
    client.on('connectionChange', (state) => states.push(state));
    fire('netStateChange', { state: 'connecting' });
    fire('netStateChange', { state: 'connected' });
    fire('kickedOut', { type: 'multipleAccount' });
    expect(states).toEqual(['reconnecting', 'connected', 'offline']);
    client.destroy();
    expect([...handlers.values()].every((set) => set.size === 0)).toBe(true);
    expect(calls.at(-1)?.method).toBe('destroy');
  });
});

describe('createChatClient', () => {
  it('chooses the implementation by im.provider and loads nothing up front', () => {
    const loadTimSdk = vi.fn(async () => fakeTimSdk().sdk);
    const tencent = createChatClient({ provider: 'tencent', sdkAppId: SDK_APP_ID, guestNicknamePrefix: '游客' }, { loadTimSdk });
    expect(tencent).toBeInstanceOf(TencentChatClient);
    expect(loadTimSdk).not.toHaveBeenCalled();
    class NoSocket {
      constructor() {
        throw new Error('must not connect before login');
      }
    }
    const builtin = createChatClient({ provider: 'builtin', socketPath: '/ws/chat', guestNicknamePrefix: '游客' }, { WebSocket: NoSocket as never });
    expect(builtin).toBeInstanceOf(BuiltinChatClient);
    expect(() => createChatClient({ provider: 'tencent', guestNicknamePrefix: '游客' })).toThrow('sdkAppId');
  });
});

import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PROTOCOL_VERSION, CHAT_SIGNATURE_VALIDITY_SECONDS, type ChatServerFrame } from '@sports/shared/server';
import { beforeAll, expect, it } from 'vitest';
import { defaultAccountsConfig } from '../accounts/accountsConfig';
import { issueSession } from '../accounts/sessions/sessions';
import type { App } from '../infra/http/types';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { chatMessages } from './chatMessages';
import { defaultChatConfig } from './chatConfig';
import { signGuest } from './guestSignature';
import { signMember } from './memberSignature';
import { createRoom, createUser, memberChatSignature, useChatSockets } from './testing/chatTestKit';
import { verifyTencentUserSig } from './testing/tencentUserSig';

const SECRET = 'chat-test-secret-long-enough-for-hmac';

type Frame<T extends ChatServerFrame['type']> = Extract<ChatServerFrame, { type: T }>;
const is =
  <T extends ChatServerFrame['type']>(type: T) =>
  (frame: ChatServerFrame): frame is Frame<T> =>
    frame.type === type;

describeEachDatabase('built-in chat', (target) => {
  const accountsConfig = defaultAccountsConfig();
  accountsConfig.chatSigningSecret = SECRET;
  const ctx = useTestApp(target, {
    app: { accountsConfig, chat: { config: { ...defaultChatConfig(), roomMessagesPerSecond: 6 }, memberRate: { max: 3, windowMs: 2_000, blockMs: 600 } } },
  });
  const { connect } = useChatSockets(ctx);
  const userSigOf = (userId: number) => memberChatSignature(ctx, userId);
  const sessionIdOf = async (userId: number) => {
    await issueSession(ctx.db, userId, 3600);
    const row = await ctx.db.selectFrom('user_session').select('id').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const member = async (userId: number) => {
    const client = await connect();
    const { id, userSig } = await userSigOf(userId);
    const result = await client.login(id, userSig);
    expect(result.ok).toBe(true);
    return client;
  };
  const guest = async () => {
    const client = await connect();
    const account = (await ctx.app.inject('/api/Universal/imTouristAccount')).json().data as { id: string; sig: string };
    const result = await client.login(account.id, account.sig);
    return { client, result, account };
  };

  it('getUserSig needs a login and issues a member sig that logs in to the chat', async () => {
    expect((await ctx.app.inject('/api/tenxun/getUserSig')).json().code).toBe(700);
    const userId = await createUser(ctx.db, '小明');
    const sig = await userSigOf(userId);
    expect(sig.id).toBe(String(userId));
    expect(sig.sdkAppId).toBeUndefined();
    const client = await connect();
    const result = await client.login(sig.id, sig.userSig);
    expect(result).toMatchObject({ ok: true, v: CHAT_PROTOCOL_VERSION, userId: String(userId), kind: 'member', profile: { nickname: '小明' }, canSend: true });
  });

  it('refuses invalid, expired, foreign and malformed member sigs, unknown users and other sessions', async () => {
    const userId = await createUser(ctx.db, '小红');
    const sessionId = await sessionIdOf(userId);
    const strangersSession = await sessionIdOf(await createUser(ctx.db, '路人'));
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string, string][] = [
      [String(userId), signMember('another-secret', String(userId), sessionId, now + 100), 'bad-signature'],
      [String(userId), signMember(SECRET, String(userId + 1), sessionId, now + 100), 'bad-signature'],
      [String(userId), signMember(SECRET, String(userId), sessionId, now - 1), 'expired'],
      [String(userId), 'nonsense', 'malformed'],
      // The pre-session form (`<expiry>.<mac>`) is no longer a member signature.
      [String(userId), `${now + 100}.${'A'.repeat(43)}`, 'malformed'],
      // A guest signature is never a member one (another form, another domain string).
      [String(userId), signGuest(SECRET, 'guest_0123456789abcdef', now + 100), 'malformed'],
      ['999999999', signMember(SECRET, '999999999', sessionId, now + 100), 'unknown-user'],
      // Signed by us, but for a session that is not this user's.
      [String(userId), signMember(SECRET, String(userId), strangersSession, now + 100), 'session-ended'],
    ];
    for (const [id, sig, reason] of cases) {
      const client = await connect();
      const result = await client.login(id, sig);
      expect(result, `${reason}: ${sig}`).toMatchObject({ ok: false, reason, message: chatMessages.login[reason as 'expired'] });
    }
    const valid = signMember(SECRET, String(userId), sessionId, now + CHAT_SIGNATURE_VALIDITY_SECONDS);
    expect((await (await connect()).login(String(userId), valid)).ok).toBe(true);
    const oldClient = await connect();
    oldClient.send({ type: 'login', v: 99, ref: 'x', userId: String(userId), userSig: valid });
    expect(await oldClient.reply('x')).toMatchObject({ ok: false, reason: 'unsupported-version' });
  });

  it('logs guests in with their tourist account (read only, named prefix + id) and refuses bad guest sigs', async () => {
    const { client, result, account } = await guest();
    expect(result).toMatchObject({ ok: true, kind: 'guest', userId: account.id, profile: { nickname: `游客${account.id}` }, canSend: false });
    const now = Math.floor(Date.now() / 1000);
    expect(await (await connect()).login(account.id, signGuest(SECRET, account.id, now - 5))).toMatchObject({ ok: false, reason: 'expired' });
    expect(await (await connect()).login(account.id, signGuest('wrong', account.id, now + 100))).toMatchObject({ ok: false, reason: 'bad-signature' });
    const room = await createRoom(ctx.db, '主播甲');
    expect((await client.join(room.groupId)).status).toBe('success');
    expect(await client.say(room.groupId, 'hello')).toMatchObject({ type: 'refused', refusal: { code: 'not-logged-in', message: chatMessages.guestsReadOnly } });
    // The guest asks for its nickname (SPEC: 1 s after login, prefix + id): the server's prefix + id is the answer.
    client.send({ type: 'profile', ref: 'p', nickname: '游客1234' });
    expect(await client.reply('p')).toMatchObject({ type: 'profile-updated', profile: { nickname: `游客${account.id}` } });
  });

  it('answers join with success, then already-in-group; unknown groups and requests before login are errors', async () => {
    const room = await createRoom(ctx.db, '主播乙');
    const anonymous = await connect();
    anonymous.send({ type: 'join', ref: 'j', groupId: room.groupId });
    expect(await anonymous.reply('j')).toMatchObject({ type: 'error', code: 'not-logged-in' });
    const viewer = await member(await createUser(ctx.db, '观众'));
    expect(await viewer.join(room.groupId)).toEqual({ type: 'join-status', ref: expect.any(String), groupId: room.groupId, status: 'success' });
    expect(await viewer.waitFor(is('history'))).toEqual({ type: 'history', groupId: room.groupId, messages: expect.any(Array) });
    expect((await viewer.join(room.groupId)).status).toBe('already-in-group');
    const ref = viewer.nextRef();
    viewer.send({ type: 'join', ref, groupId: '987654321' });
    expect(await viewer.reply(ref)).toMatchObject({ type: 'error', code: 'no-such-group', message: chatMessages.noSuchGroup });
  });

  it('delivers messages in order with seq to every member, with roles, and keeps HTML as inert text', async () => {
    const room = await createRoom(ctx.db, '主播丙');
    const adminId = await createUser(ctx.db, '老房');
    await ctx.db.insertInto('live_room_admin').values({ room_id: room.roomId, user_id: adminId }).execute();
    const anchor = await member(room.ownerId);
    const admin = await member(adminId);
    const viewer = await member(await createUser(ctx.db, '观众乙'));
    const { client: reader } = await guest();
    for (const client of [anchor, admin, viewer, reader]) expect((await client.join(room.groupId)).status).toBe('success');

    const html = '<img src=x onerror="alert(1)"><b>hi</b>';
    const acks = [await anchor.say(room.groupId, '欢迎'), await admin.say(room.groupId, html, 'danmaku'), await viewer.say(room.groupId, ' 你好\u0007\n世界 ')];
    const sent = acks.map((ack) => (ack.type === 'ack' ? ack.message : expect.fail(JSON.stringify(ack))));
    expect(sent.map((message) => message.from.role)).toEqual(['anchor', 'admin', 'member']);
    expect(sent[1]).toMatchObject({ text: html, kind: 'danmaku', cloudCustomData: { type: 0 }, groupId: room.groupId, from: { nickname: '老房', userId: String(adminId) } });
    expect(sent[2]?.text).toBe('你好 世界');
    const seqs = sent.map((message) => message.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(sent.map((message) => message.id)).size).toBe(3);
    // The sender has the ack before its own copy (the client drops the copy by id).
    await anchor.waitFor((frame) => frame.type === 'message' && frame.message.id === sent[0]?.id);
    const ackAt = anchor.frames.findIndex((frame) => frame.type === 'ack' && frame.message.id === sent[0]?.id);
    expect(ackAt).toBeGreaterThanOrEqual(0);
    expect(ackAt).toBeLessThan(anchor.frames.findIndex((frame) => frame.type === 'message' && frame.message.id === sent[0]?.id));

    for (const client of [anchor, admin, viewer, reader]) {
      await client.waitFor((frame) => frame.type === 'message' && frame.message.id === sent[2]?.id);
      const chat = client.messages().filter((message) => message.cloudCustomData.type === 0);
      expect(chat.map((message) => message.id)).toEqual(sent.map((message) => message.id));
      expect(chat).toEqual(sent);
    }

    // A member joining later gets the history, oldest first.
    const late = await member(await createUser(ctx.db, '迟到'));
    await late.join(room.groupId);
    const history = await late.waitFor(is('history'));
    expect(history.messages.filter((message) => message.cloudCustomData.type === 0)).toEqual(sent);
  });

  it('refuses empty and too long texts, and sends outside a joined group', async () => {
    const room = await createRoom(ctx.db, '主播丁');
    const viewer = await member(await createUser(ctx.db, '话多'));
    expect(await viewer.say(room.groupId, 'hi')).toMatchObject({ type: 'refused', refusal: { code: 'not-in-group' } });
    await viewer.join(room.groupId);
    expect(await viewer.say(room.groupId, ' \n\u200b ')).toMatchObject({ refusal: { code: 'empty', message: chatMessages.empty } });
    expect(await viewer.say(room.groupId, '字'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toMatchObject({ refusal: { code: 'too-long', message: chatMessages.tooLong } });
    // Emoji count as one character each.
    expect((await viewer.say(room.groupId, '⚽'.repeat(CHAT_MESSAGE_MAX_LENGTH))).type).toBe('ack');
  });

  it('limits a sender to 3 messages in 2 s, blocks, then lets them talk again', async () => {
    const room = await createRoom(ctx.db, '主播戊');
    const viewer = await member(await createUser(ctx.db, '刷屏'));
    await viewer.join(room.groupId);
    for (let i = 0; i < 3; i += 1) expect((await viewer.say(room.groupId, `m${i}`)).type).toBe('ack');
    const refused = await viewer.say(room.groupId, 'm3');
    expect(refused).toMatchObject({ type: 'refused', refusal: { code: 'rate-limited', message: chatMessages.rateLimited(1) } });
    expect((await viewer.say(room.groupId, 'still blocked')).type).toBe('refused');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await viewer.say(room.groupId, 'back')).type).toBe('ack');
  });

  it('caps a busy room but never drops the anchor or an admin', async () => {
    const room = await createRoom(ctx.db, '主播己');
    const adminId = await createUser(ctx.db, '房管乙');
    await ctx.db.insertInto('live_room_admin').values({ room_id: room.roomId, user_id: adminId }).execute();
    const anchor = await member(room.ownerId);
    const admin = await member(adminId);
    const crowd = await Promise.all(Array.from({ length: 4 }, async (_, i) => member(await createUser(ctx.db, `观众${i}`))));
    for (const client of [anchor, admin, ...crowd]) await client.join(room.groupId);
    // The cap is 6 a second here: the crowd sends 8 at once.
    const results = await Promise.all(crowd.flatMap((client) => [client.say(room.groupId, 'a'), client.say(room.groupId, 'b')]));
    const busy = results.filter((result) => result.type === 'refused' && result.refusal.code === 'room-busy');
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]).toMatchObject({ refusal: { message: chatMessages.roomBusy } });
    expect((await anchor.say(room.groupId, '主播说话')).type).toBe('ack');
    expect((await admin.say(room.groupId, '房管说话')).type).toBe('ack');
  });

  it('refuses a muted member right after the muted event, with a notice, and accepts again after unmuted', async () => {
    const room = await createRoom(ctx.db, '主播庚');
    const userId = await createUser(ctx.db, '捣乱');
    const viewer = await member(userId);
    const other = await member(await createUser(ctx.db, '旁观'));
    await viewer.join(room.groupId);
    await other.join(room.groupId);
    expect((await viewer.say(room.groupId, 'before')).type).toBe('ack');

    await ctx.db.insertInto('live_room_mute').values({ room_id: room.roomId, user_id: userId, muted_by: room.ownerId, until: null }).execute();
    ctx.app.roomEvents.emit('muted', { roomId: room.roomId, ownerId: room.ownerId, userId, until: null });
    expect(await viewer.say(room.groupId, 'during')).toMatchObject({ type: 'refused', refusal: { code: 'muted', message: chatMessages.muted } });
    const notice = await viewer.waitFor(is('notice'));
    expect(notice.notice).toMatchObject({ text: chatMessages.noticeMuted(null), lastSequence: expect.any(Number), id: expect.any(String) });
    // The room hears it in the assistant channel.
    const system = await other.waitFor((frame) => frame.type === 'message' && frame.message.cloudCustomData.type === 1 && frame.message.text === chatMessages.systemMuted('捣乱'));
    expect(system).toMatchObject({ message: { from: { role: 'system' } } });

    await ctx.db.deleteFrom('live_room_mute').where('room_id', '=', room.roomId).execute();
    ctx.app.roomEvents.emit('unmuted', { roomId: room.roomId, ownerId: room.ownerId, userId });
    expect((await viewer.say(room.groupId, 'after')).type).toBe('ack');
    const notices = viewer.frames.filter(is('notice')).map((frame) => frame.notice);
    await viewer.waitFor((frame) => frame.type === 'notice' && frame.notice.text === chatMessages.noticeUnmuted);
    expect(notices[0]?.lastSequence).toBeLessThan(viewer.frames.filter(is('notice')).at(-1)?.notice.lastSequence ?? 0);
  });

  it('follows adminsChanged for roles and posts room changes in the assistant channel', async () => {
    const room = await createRoom(ctx.db, '主播辛');
    const userId = await createUser(ctx.db, '新房管');
    const viewer = await member(userId);
    await viewer.join(room.groupId);
    const first = await viewer.say(room.groupId, 'one');
    expect(first.type === 'ack' && first.message.from.role).toBe('member');
    ctx.app.roomEvents.emit('adminsChanged', { roomId: room.roomId, ownerId: room.ownerId, adminIds: [userId] });
    await viewer.waitFor((frame) => frame.type === 'notice' && frame.notice.text === chatMessages.noticeMadeAdmin);
    const second = await viewer.say(room.groupId, 'two');
    expect(second.type === 'ack' && second.message.from.role).toBe('admin');

    ctx.app.roomEvents.emit('roomChanged', { roomId: room.roomId, ownerId: room.ownerId, isOpen: true, title: '新标题', placard: '' });
    await viewer.waitFor((frame) => frame.type === 'message' && frame.message.text === chatMessages.systemOpened && frame.message.cloudCustomData.type === 1);
    ctx.app.roomEvents.emit('roomChanged', { roomId: room.roomId, ownerId: room.ownerId, isOpen: true, title: '再改标题', placard: '' });
    await viewer.waitFor((frame) => frame.type === 'message' && frame.message.text === chatMessages.systemTitle('再改标题'));

    // The ingest's stream events reach the room's assistant channel too.
    ctx.app.streamEvents.emit('live', { roomId: room.roomId, startedAt: new Date() });
    await viewer.waitFor(
      (frame) => frame.type === 'message' && frame.message.text === chatMessages.systemStreamLive && frame.message.cloudCustomData.type === 1 && frame.message.cloudCustomData.roomState?.state === 'live',
    );
    // Each carries the room's state (issue 33: pages follow it at once).
    ctx.app.streamEvents.emit('offline', { roomId: room.roomId, state: 'paused' });
    await viewer.waitFor((frame) => frame.type === 'message' && frame.message.text === chatMessages.systemStreamOffline && frame.message.cloudCustomData.roomState?.roomId === room.roomId && frame.message.cloudCustomData.roomState.state === 'paused');
    ctx.app.streamEvents.emit('offline', { roomId: room.roomId, state: 'ended' });
    await viewer.waitFor((frame) => frame.type === 'message' && frame.message.text === chatMessages.systemStreamEnded && frame.message.cloudCustomData.roomState?.state === 'ended');
    // The anchor ends the room with no push on air: 直播已结束.
    ctx.app.roomEvents.emit('roomChanged', { roomId: room.roomId, ownerId: room.ownerId, isOpen: false, title: '再改标题', placard: '', state: 'ended' });
    await viewer.waitFor((frame) => frame.type === 'message' && frame.message.text === chatMessages.systemClosed && frame.message.cloudCustomData.roomState?.state === 'ended');
  });

  it('counts online members by room and group, in the count frame and in app.chatPresence', async () => {
    const room = await createRoom(ctx.db, '主播壬');
    const a = await member(await createUser(ctx.db, '甲'));
    const b = await member(await createUser(ctx.db, '乙'));
    const { client: c } = await guest();
    for (const client of [a, b, c]) await client.join(room.groupId);
    // A second tab of the same member is not a second member.
    const aAgain = await connect();
    const sig = await userSigOf(Number((a.frames.find(is('login-result')) as Frame<'login-result'> & { userId: string }).userId));
    await aAgain.login(sig.id, sig.userSig);
    expect((await aAgain.join(room.groupId)).status).toBe('already-in-group');

    const byRoom = (await ctx.app.inject({ url: '/api/tenxun/getOnlineMemberNum', query: { room_id: String(room.roomId) } })).json();
    expect(byRoom).toEqual({ code: 200, msg: '', data: { room_id: room.roomId, group_id: room.groupId, num: 3 } });
    const byGroup = (await ctx.app.inject({ url: '/api/tenxun/getOnlineMemberNum', query: { group_id: room.groupId } })).json();
    expect(byGroup.data.num).toBe(3);
    expect(ctx.app.chatPresence.onlineMembers(room.roomId)).toBe(3);
    a.send({ type: 'count', ref: 'n', groupId: room.groupId });
    expect(await a.reply('n')).toEqual({ type: 'count', ref: 'n', groupId: room.groupId, count: 3 });

    c.close();
    await c.closed;
    await expect.poll(() => ctx.app.chatPresence.onlineMembers(room.roomId)).toBe(2);
    expect((await ctx.app.inject({ url: '/api/tenxun/getOnlineMemberNum', query: { room_id: '99999999' } })).json()).toMatchObject({ code: 1, msg: '直播间不存在' });
    expect((await ctx.app.inject({ url: '/api/tenxun/getOnlineMemberNum', query: { room_id: 'abc' } })).json().code).toBe(1);
  });

  it('lets an anchor create their own group (idempotent) and nobody else', async () => {
    const anchorId = await createUser(ctx.db, '新主播', { anchor: true });
    const anchor = await member(anchorId);
    for (let i = 0; i < 2; i += 1) {
      anchor.send({ type: 'create-group', ref: `g${i}`, ownerUserId: String(anchorId) });
      expect(await anchor.reply(`g${i}`)).toEqual({ type: 'group-created', ref: `g${i}`, groupId: String(anchorId) });
    }
    expect((await anchor.join(String(anchorId))).status).toBe('success');
    const viewer = await member(await createUser(ctx.db, '冒充'));
    viewer.send({ type: 'create-group', ref: 'g', ownerUserId: String(anchorId) });
    expect(await viewer.reply('g')).toMatchObject({ type: 'error', code: 'forbidden' });
  });

  it('answers malformed frames with an error frame and closes after too many, never crashing', async () => {
    const client = await connect();
    client.sendRaw('not json');
    expect(await client.waitFor(is('error'))).toMatchObject({ code: 'bad-frame', message: chatMessages.notJson });
    client.send({ type: 'send', ref: 'bad', groupId: 'abc', kind: 'text', text: 'x' });
    expect(await client.reply('bad')).toMatchObject({ type: 'error', code: 'bad-frame' });
    client.send({ type: 'explode' });
    client.sendRaw(Buffer.from([1, 2, 3]));
    client.sendRaw(JSON.stringify({ type: 'ping', pad: 'x'.repeat(9_000) }));
    client.send({ type: 'ping', ref: 'alive' });
    expect(await client.reply('alive')).toMatchObject({ type: 'pong' });
    expect(client.frames.filter(is('error')).map((frame) => frame.message)).toContain(chatMessages.tooLarge);
    for (let i = 0; i < 10; i += 1) client.sendRaw('[');
    expect((await client.closed).code).toBe(1008);
    // The server still serves others.
    const other = await connect();
    other.send({ type: 'ping', ref: 'p' });
    expect((await other.reply('p')).type).toBe('pong');
    // Far over the bound: ws itself drops the connection.
    const huge = await connect();
    huge.sendRaw('x'.repeat(200 * 1024));
    expect((await huge.closed).code).toBe(1009);
  });

  it('tells a plain HTTP GET of /ws/chat to use WebSocket', async () => {
    const response = await ctx.app.inject('/ws/chat');
    expect(response.statusCode).toBe(426);
    expect(response.json()).toMatchObject({ code: 1 });
  });
});

describeEachDatabase('chat identity with Tencent Cloud IM', (target) => {
  const TENCENT_KEY = 'tencent-test-key';
  const ctx = useTestApp(target, { app: { chat: { config: { ...defaultChatConfig(), provider: 'tencent', tencent: { sdkAppId: 1400000001, secretKey: TENCENT_KEY } } } } });
  let app: App;
  beforeAll(() => {
    app = ctx.app;
  });

  it('issues a tls-sig-api-v2 UserSig for 7 days and the system config names Tencent', async () => {
    const userId = await createUser(ctx.db, '腾讯用户');
    const { token } = await issueSession(ctx.db, userId, 3600);
    const body = (await app.inject({ url: '/api/tenxun/getUserSig', headers: { token } })).json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ id: String(userId), sdkAppId: 1400000001 });
    const doc = verifyTencentUserSig(String(body.data.userSig), TENCENT_KEY);
    expect(doc).toMatchObject({ 'TLS.ver': '2.0', 'TLS.identifier': String(userId), 'TLS.sdkappid': 1400000001, 'TLS.expire': CHAT_SIGNATURE_VALIDITY_SECONDS });
    const config = (await app.inject('/api/universal/getHot')).json().data;
    expect(config.im).toEqual({ provider: 'tencent', sdkAppId: 1400000001, guestNicknamePrefix: '游客' });
  });

  it('gives guests a Tencent UserSig for their guest id (what tim.login takes), valid 7 days', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await app.inject('/api/Universal/imTouristAccount');
    expect(answer.headers['cache-control']).toBe('no-store');
    const { code, data } = answer.json() as { code: number; data: { id: string; sig: string } };
    expect(code).toBe(200);
    expect(data.id).toMatch(/^guest_[0-9a-f]{16}$/);
    const doc = verifyTencentUserSig(data.sig, TENCENT_KEY);
    expect(doc).toMatchObject({ 'TLS.identifier': data.id, 'TLS.sdkappid': 1400000001, 'TLS.expire': CHAT_SIGNATURE_VALIDITY_SECONDS });
    expect(doc['TLS.time']).toBeGreaterThanOrEqual(before);
    expect(() => verifyTencentUserSig(data.sig, 'another-key')).toThrow();
    // Each call is a new guest.
    expect((await app.inject('/api/Universal/imTouristAccount')).json().data.id).not.toBe(data.id);
  });
});

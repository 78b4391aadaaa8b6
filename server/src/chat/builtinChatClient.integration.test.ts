import type { WebSocket as WsSocket } from 'ws';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
// The page's chat client itself (browser-free code; @sports/shared/server keeps to contracts, so it
// has its own package entry): this test drives it against the real server, with `ws` as its WebSocket.
import { BuiltinChatClient, type ChatSocketFactory } from '@sports/shared/builtinChatClient';
import type { ChatGroupMessage, ChatSystemNotice } from '@sports/shared/server';
import { accountsTestOptions, createManualClock, registerUser } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { chatUrl, createRoom } from './testing/chatTestKit';

const Socket = WebSocket as unknown as ChatSocketFactory;
/** Fast reconnects so the outage test takes milliseconds, not the page's 1 s first retry. */
const FAST_BACKOFF = { initialMs: 20, maxMs: 200, factor: 2, jitter: 0.5 };

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What people said (the room also posts system lines such as "… 进入了直播间"). */
function said(messages: ChatGroupMessage[]): string[] {
  return messages.filter((message) => message.from.role !== 'system').map((message) => message.text);
}

/** A client with what it received, as a room page would keep it. */
function client(url: string) {
  const chat = new BuiltinChatClient({ url, WebSocket: Socket, backoff: FAST_BACKOFF, requestTimeoutMs: 5_000 });
  const received: ChatGroupMessage[] = [];
  const notices: ChatSystemNotice[] = [];
  const states: string[] = [];
  chat.on('groupMessage', (message) => received.push(message));
  chat.on('systemNotice', (notice) => notices.push(notice));
  chat.on('connectionChange', (state) => states.push(state));
  return { chat, received, notices, states };
}

describeEachDatabase('BuiltinChatClient against the real /ws/chat', (target) => {
  const ctx = useTestApp(target, accountsTestOptions(createManualClock(new Date())));
  const opened: BuiltinChatClient[] = [];
  let url = '';

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = chatUrl(ctx.app);
  });
  afterAll(() => {
    for (const chat of opened) chat.destroy();
  });

  function open() {
    const made = client(url);
    opened.push(made.chat);
    return made;
  }

  async function memberIdentity() {
    const user = await registerUser(ctx);
    const answer = await ctx.app.inject({ url: '/api/tenxun/getUserSig', headers: { token: user.token } });
    const body = answer.json() as { code: number; data: { id: string; userSig: string } };
    expect(body.code).toBe(200);
    return { userId: body.data.id, userSig: body.data.userSig, kind: 'member' as const, id: user.id, token: user.token };
  }

  /** A registered, logged-in anchor with a room (the owner's id is the room's group id). */
  async function anchorWithRoom() {
    const anchor = await memberIdentity();
    await ctx.db.updateTable('app_user').set({ is_anchor: 1 }).where('id', '=', anchor.id).execute();
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '测试直播间' }).returning('id').executeTakeFirstOrThrow();
    return { anchor, roomId: Number(room.id), groupId: anchor.userId };
  }

  async function guestIdentity() {
    const body = (await ctx.app.inject('/api/Universal/imTouristAccount')).json() as { data: { id: string; sig: string } };
    return { userId: body.data.id, userSig: body.data.sig, kind: 'guest' as const };
  }

  it('a member and a guest log in and join the room; joining again answers already-in-group', async () => {
    const room = await createRoom(ctx.db, '主播甲');
    const member = open();
    const guest = open();
    await member.chat.login(await memberIdentity());
    await guest.chat.login(await guestIdentity());
    expect(member.chat.connectionState).toBe('connected');
    expect(await member.chat.joinGroup(room.groupId)).toBe('success');
    expect(await guest.chat.joinGroup(room.groupId)).toBe('success');
    expect(await guest.chat.joinGroup(room.groupId)).toBe('already-in-group');
    expect(await member.chat.getOnlineMemberCount(room.groupId)).toBe(2);
  });

  it('a bad signature is refused at login (the page then sets islogin)', async () => {
    const guest = open();
    const identity = await guestIdentity();
    await expect(guest.chat.login({ ...identity, userSig: `${identity.userSig.slice(0, -2)}xx` })).rejects.toThrow();
    expect(guest.chat.connectionState).toBe('offline');
  });

  it('two members exchange messages; the sender has its own from the ack, not twice', async () => {
    const room = await createRoom(ctx.db, '主播乙');
    const alice = open();
    const bob = open();
    await alice.chat.login(await memberIdentity());
    await bob.chat.login(await memberIdentity());
    await alice.chat.joinGroup(room.groupId);
    await bob.chat.joinGroup(room.groupId);

    const sent = await alice.chat.sendGroupMessage(room.groupId, '<b>你好</b>', 'danmaku');
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    await until(() => said(bob.received).length === 1);
    expect(bob.received.find((message) => message.from.role !== 'system')).toMatchObject({ id: sent.message.id, text: '<b>你好</b>', kind: 'danmaku', groupId: room.groupId });
    const reply = await bob.chat.sendGroupMessage(room.groupId, '你好呀', 'text');
    expect(reply.ok).toBe(true);
    await until(() => said(alice.received).length === 1);
    expect(said(alice.received)).toEqual(['你好呀']);
    expect(said(bob.received)).toEqual(['<b>你好</b>']);
  });

  it('refusals surface as ChatSendResult: guest read-only, empty, too long, not in the group, muted by the anchor', async () => {
    const { anchor, roomId, groupId } = await anchorWithRoom();
    const guest = open();
    await guest.chat.login(await guestIdentity());
    await guest.chat.joinGroup(groupId);
    const guestSend = await guest.chat.sendGroupMessage(groupId, '游客发言', 'text');
    expect(guestSend.ok).toBe(false);

    const member = open();
    const identity = await memberIdentity();
    await member.chat.login(identity);
    expect(await member.chat.sendGroupMessage(groupId, '还没进房间', 'text')).toMatchObject({ ok: false, refusal: { code: 'not-in-group' } });
    await member.chat.joinGroup(groupId);
    expect(await member.chat.sendGroupMessage(groupId, '   ', 'text')).toMatchObject({ ok: false, refusal: { code: 'empty' } });
    expect(await member.chat.sendGroupMessage(groupId, '长'.repeat(101), 'text')).toMatchObject({ ok: false, refusal: { code: 'too-long' } });
    expect((await member.chat.sendGroupMessage(groupId, '禁言前', 'text')).ok).toBe(true);

    // The anchor mutes them through the rooms API: a C2C notice arrives and the next send is refused.
    const banned = await ctx.app.inject({
      url: `/api/Live/ban1?room_id=${roomId}&user_id=${identity.id}&ban=1`,
      headers: { token: anchor.token, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(banned.json()).toMatchObject({ code: 200 });
    await until(() => member.notices.length === 1);
    expect(member.notices[0]?.text).toMatch(/禁言/);
    const muted = await member.chat.sendGroupMessage(groupId, '我被禁言了吗', 'text');
    expect(muted).toMatchObject({ ok: false, refusal: { code: 'muted' } });
    if (!muted.ok) expect(muted.refusal.message).toMatch(/禁言/);
  });

  it('a member sending too fast gets a rate-limited refusal with the wait in the message', async () => {
    const room = await createRoom(ctx.db, '主播戊');
    const member = open();
    await member.chat.login(await memberIdentity());
    await member.chat.joinGroup(room.groupId);
    const results = [];
    for (const text of ['一', '二', '三', '四']) results.push(await member.chat.sendGroupMessage(room.groupId, text, 'text'));
    expect(results.map((result) => result.ok)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ ok: false, refusal: { code: 'rate-limited' } });
  });

  it('after the server drops the socket the client reconnects, rejoins, and loses no message', async () => {
    const room = await createRoom(ctx.db, '主播丁');
    // Two senders, so the per-user rate (3 messages per 2 s) is not what this test meets.
    const first = open();
    const second = open();
    await first.chat.login(await memberIdentity());
    await second.chat.login(await memberIdentity());
    await first.chat.joinGroup(room.groupId);
    await second.chat.joinGroup(room.groupId);

    const wss = (ctx.app as unknown as { websocketServer: { clients: Set<WsSocket> } }).websocketServer;
    const before = new Set(wss.clients);
    const viewer = open();
    await viewer.chat.login(await memberIdentity());
    await viewer.chat.joinGroup(room.groupId);
    const viewerSockets = [...wss.clients].filter((socket) => !before.has(socket));
    expect(viewerSockets).toHaveLength(1);

    expect((await first.chat.sendGroupMessage(room.groupId, '掉线前', 'text')).ok).toBe(true);
    await until(() => said(viewer.received).length === 1);

    // The server side ends the connection abruptly; messages keep coming meanwhile.
    viewerSockets[0]?.terminate();
    await until(() => viewer.states.includes('reconnecting'));
    expect((await first.chat.sendGroupMessage(room.groupId, '掉线中1', 'text')).ok).toBe(true);
    expect((await first.chat.sendGroupMessage(room.groupId, '掉线中2', 'text')).ok).toBe(true);
    expect((await second.chat.sendGroupMessage(room.groupId, '掉线中3', 'text')).ok).toBe(true);

    await until(() => viewer.states.at(-1) === 'connected' && said(viewer.received).length >= 4);
    expect(viewer.states).toEqual(['connected', 'reconnecting', 'connected']);
    expect((await second.chat.sendGroupMessage(room.groupId, '重连后', 'text')).ok).toBe(true);
    await until(() => said(viewer.received).length >= 5);
    // Each message once, in order: the history after the rejoin fills the gap, repeats are dropped.
    expect(said(viewer.received)).toEqual(['掉线前', '掉线中1', '掉线中2', '掉线中3', '重连后']);
    expect(new Set(viewer.received.map((message) => message.id)).size).toBe(viewer.received.length);
    expect(await viewer.chat.getOnlineMemberCount(room.groupId)).toBe(3);
  });

  it('after the member signs out the client is told so and goes offline without retrying the dead signature', async () => {
    const room = await createRoom(ctx.db, '主播戊');
    const member = open();
    const identity = await memberIdentity();
    await member.chat.login(identity);
    await member.chat.joinGroup(room.groupId);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/Member/SignOut', headers: { token: identity.token } })).json().code).toBe(200);

    const result = await member.chat.sendGroupMessage(room.groupId, '登出后', 'text');
    expect(result.ok).toBe(false);
    await until(() => member.states.at(-1) === 'offline');
    // Give a reconnect (20-200 ms backoff here) the time it would take: none comes.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(member.states).toEqual(['connected', 'offline']);
    // A new login with the old signature is refused too.
    const again = open();
    await expect(again.chat.login(identity)).rejects.toMatchObject({ reason: 'session-ended' });
  });
});

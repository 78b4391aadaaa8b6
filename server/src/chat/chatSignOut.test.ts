import { SocketCloseCode as ChatCloseCode, type ChatServerFrame } from '@sports/shared/server';
import { expect, it } from 'vitest';
import { lastCode, solveCaptcha } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { chatMessages } from './chatMessages';
import { ChatTestClient, createRoom, createUser, memberChatSignature, useChatSockets } from './testing/chatTestKit';

/**
 * A member's chat signature is only as good as the site session it was issued for: signing out,
 * or a password reset (every session), ends it. The old signature no longer logs in, and a socket
 * already logged in with it is refused on its next send and cut.
 */
describeEachDatabase('chat signatures end with the session', (target) => {
  const ctx = useTestApp(target, { app: { chat: { sessionCheckMs: 200 } } });
  const { connect } = useChatSockets(ctx);
  const signIn = (userId: number) => memberChatSignature(ctx, userId);
  const loggedIn = async (sig: { id: string; userSig: string }, groupId: string) => {
    const client = await connect();
    expect((await client.login(sig.id, sig.userSig)).ok).toBe(true);
    expect((await client.join(groupId)).status).toBe('success');
    return client;
  };
  /** What a send by a signed-out socket comes to: refused, or the socket cut before it was read. */
  const attempt = async (client: ChatTestClient, groupId: string, text: string) => {
    const ref = client.nextRef();
    client.send({ type: 'send', ref, groupId, kind: 'text', text });
    return Promise.race([client.reply(ref, 3_000), client.closed.then(({ code }) => ({ type: 'closed' as const, code }))]);
  };
  const heard = (client: ChatTestClient, text: string) => client.messages().some((message) => message.text === text);

  it('after sign-out the old userSig neither logs in nor sends, and its socket is cut', async () => {
    const room = await createRoom(ctx.db, '主播登出');
    const listener = await loggedIn(await signIn(await createUser(ctx.db, '听众')), room.groupId);
    const userId = await createUser(ctx.db, '要登出的人');
    const sig = await signIn(userId);
    const talker = await loggedIn(sig, room.groupId);
    expect((await talker.say(room.groupId, 'before sign-out')).type).toBe('ack');

    const signOut = await ctx.app.inject({ method: 'POST', url: '/api/Member/SignOut', headers: { token: sig.token } });
    expect(signOut.json()).toMatchObject({ code: 200 });

    const sent = await attempt(talker, room.groupId, 'after sign-out');
    expect(sent.type === 'ack').toBe(false);
    if (sent.type === 'refused') expect((sent as Extract<ChatServerFrame, { type: 'refused' }>).refusal).toEqual({ code: 'not-logged-in', message: chatMessages.sessionEnded });
    expect((await talker.closed).code).toBe(ChatCloseCode.SessionEnded);
    expect(await (await connect()).login(sig.id, sig.userSig)).toMatchObject({ ok: false, reason: 'session-ended', message: chatMessages.login['session-ended'] });

    // The same member signed in again (a new session) chats as before.
    const again = await loggedIn(await signIn(userId), room.groupId);
    expect((await again.say(room.groupId, 'signed in again')).type).toBe('ack');
    await listener.waitFor((frame) => frame.type === 'message' && frame.message.text === 'signed in again');
    expect(heard(listener, 'after sign-out')).toBe(false);
  });

  it('a socket that only listens is cut soon after sign-out', async () => {
    const room = await createRoom(ctx.db, '主播安静');
    const sig = await signIn(await createUser(ctx.db, '只看不说'));
    const quiet = await loggedIn(sig, room.groupId);
    await ctx.app.inject({ method: 'POST', url: '/api/Member/SignOut', headers: { token: sig.token } });
    const started = Date.now();
    expect((await quiet.closed).code).toBe(ChatCloseCode.SessionEnded);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a password reset ends the chat signatures of every session of the user', async () => {
    const room = await createRoom(ctx.db, '主播改密');
    const userId = await createUser(ctx.db, '忘了密码');
    const { mobile } = await ctx.db.selectFrom('app_user').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
    const phone = await signIn(userId);
    const laptop = await signIn(userId);
    const talker = await loggedIn(phone, room.groupId);

    const getCode = await ctx.app.inject({ method: 'POST', url: '/api/user/getCode', payload: { mobile, type: 2, captcha: await solveCaptcha(ctx.app) } });
    expect(getCode.json(), getCode.body).toMatchObject({ code: 200 });
    const code = await lastCode(ctx.dataDir, mobile, 2);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { mobile, code, password: 'brand-new-pass-1' } });
    expect(reset.json(), reset.body).toMatchObject({ code: 200 });

    expect((await attempt(talker, room.groupId, 'after reset')).type === 'ack').toBe(false);
    expect((await talker.closed).code).toBe(ChatCloseCode.SessionEnded);
    for (const sig of [phone, laptop]) expect(await (await connect()).login(sig.id, sig.userSig)).toMatchObject({ ok: false, reason: 'session-ended' });
  });
});

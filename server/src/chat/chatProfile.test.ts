import type { ChatServerFrame } from '@sports/shared/server';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { ChatTestClient, createRoom, createUser, memberChatSignature, useChatSockets } from './testing/chatTestKit';

type Message = Extract<ChatServerFrame, { type: 'message' }>['message'];

/**
 * Who a chat message is from is the server's word, not the sender's: members appear under their
 * account's nickname and avatar, guests as the guest prefix + id, and nobody under a name the
 * system speaks with.
 */
describeEachDatabase('chat names come from the account', (target) => {
  const ctx = useTestApp(target, { app: { chat: { config: { provider: 'builtin', tencent: null, guestsMaySend: true, roomMessagesPerSecond: 50 } } } });
  const { connect } = useChatSockets(ctx);
  const member = async (userId: number, groupId: string) => {
    const { id, userSig } = await memberChatSignature(ctx, userId);
    const client = await connect();
    const result = await client.login(id, userSig);
    expect(result.ok).toBe(true);
    expect((await client.join(groupId)).status).toBe('success');
    return { client, result };
  };
  const guest = async (groupId: string) => {
    const { id, sig } = (await ctx.app.inject('/api/Universal/imTouristAccount')).json().data as { id: string; sig: string };
    const client = await connect();
    expect((await client.login(id, sig)).ok).toBe(true);
    expect((await client.join(groupId)).status).toBe('success');
    return { client, id };
  };
  const profile = async (client: ChatTestClient, frame: { nickname?: string; avatar?: string }) => {
    const ref = client.nextRef();
    client.send({ type: 'profile', ref, ...frame });
    return (await client.reply(ref)) as Extract<ChatServerFrame, { type: 'profile-updated' }>;
  };
  /** What `listener` shows for a message `speaker` sends now. */
  const seenAs = async (speaker: ChatTestClient, listener: ChatTestClient, groupId: string, text: string): Promise<Message['from']> => {
    const ack = await speaker.say(groupId, text);
    expect(ack.type, JSON.stringify(ack)).toBe('ack');
    const frame = await listener.waitFor((candidate) => candidate.type === 'message' && candidate.message.text === text);
    return (frame as Extract<ChatServerFrame, { type: 'message' }>).message.from;
  };
  const setAccount = (userId: number, values: { user_nickname?: string; avatar?: string }) => ctx.db.updateTable('app_user').set(values).where('id', '=', userId).execute();

  it('a member cannot take another name or a script avatar with the profile frame', async () => {
    const room = await createRoom(ctx.db, '主播名字');
    const userId = await createUser(ctx.db, '球迷小李');
    await setAccount(userId, { avatar: '/uploads/0123456789abcdef.png' });
    const { client: impostor } = await member(userId, room.groupId);
    const { client: listener } = await member(await createUser(ctx.db, '旁观者'), room.groupId);

    const answer = await profile(impostor, { nickname: '系统消息', avatar: 'javascript:alert(1)' });
    expect(answer.profile).toEqual({ nickname: '球迷小李', avatar: '/uploads/0123456789abcdef.png', level: 1 });
    expect(await seenAs(impostor, listener, room.groupId, '我是谁')).toEqual({ userId: String(userId), nickname: '球迷小李', avatar: '/uploads/0123456789abcdef.png', role: 'member', level: 1 });
    // Another member's name does not stick either.
    await profile(impostor, { nickname: '旁观者' });
    expect((await seenAs(impostor, listener, room.groupId, '还是我')).nickname).toBe('球迷小李');
  });

  it('a changed account name shows in the chat (the profile frame reads the account again)', async () => {
    const room = await createRoom(ctx.db, '主播改名');
    const userId = await createUser(ctx.db, '旧名字');
    const { client: speaker } = await member(userId, room.groupId);
    const { client: listener } = await member(await createUser(ctx.db, '听众乙'), room.groupId);
    await setAccount(userId, { user_nickname: '新名字', avatar: 'https://cdn.example.com/a.png' });
    expect((await profile(speaker, {})).profile).toEqual({ nickname: '新名字', avatar: 'https://cdn.example.com/a.png', level: 1 });
    expect(await seenAs(speaker, listener, room.groupId, '改名了')).toMatchObject({ nickname: '新名字', avatar: 'https://cdn.example.com/a.png' });
  });

  it('an account named like the system, or with an unsafe avatar, appears as a plain user', async () => {
    const room = await createRoom(ctx.db, '主播保留名');
    const { client: listener } = await member(await createUser(ctx.db, '听众丙'), room.groupId);
    for (const [index, reserved] of ['系统消息', '【系统消息】', ' 管理员 ', 'ＡＤＭＩＮ', 'System', '主播', '直播助手'].entries()) {
      const userId = await createUser(ctx.db, reserved);
      await setAccount(userId, { avatar: index % 2 === 0 ? 'javascript:alert(1)' : '//evil.example/x.png' });
      const { client: speaker, result } = await member(userId, room.groupId);
      expect(result.ok && result.profile).toEqual({ nickname: `用户${userId}`, avatar: '', level: 1 });
      expect(await seenAs(speaker, listener, room.groupId, `第${index}条`)).toMatchObject({ nickname: `用户${userId}`, avatar: '' });
    }
    // Names that merely contain such a word are people's names.
    const fan = await createUser(ctx.db, '系统分析师老王');
    const { client: speaker } = await member(fan, room.groupId);
    expect((await seenAs(speaker, listener, room.groupId, '我是分析师')).nickname).toBe('系统分析师老王');
  });

  it('a guest is always the guest prefix + id, whatever it asks for', async () => {
    const room = await createRoom(ctx.db, '主播游客');
    const { client: listener } = await member(await createUser(ctx.db, '听众丁'), room.groupId);
    const { client: visitor, id } = await guest(room.groupId);
    expect((await profile(visitor, { nickname: '主播', avatar: 'https://evil.example/a.png' })).profile).toEqual({ nickname: `游客${id}`, avatar: '' });
    expect(await seenAs(visitor, listener, room.groupId, '游客说话')).toEqual({ userId: id, nickname: `游客${id}`, avatar: '', role: 'guest' });
  });
});

import { levelOf } from '@sports/shared/server';
import { expect, it } from 'vitest';
import { defaultAccountsConfig } from '../accounts/accountsConfig';
import { createRoom, createUser, memberChatSignature, useChatSockets } from '../chat/testing/chatTestKit';
import { createManualClock } from '../infra/clock';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { type LevelsConfig, loadLevelsConfig } from './levelsConfig';

/** Small caps, as the member journey sets them: 3 minutes and 2 messages a day count. */
const LEVELS: LevelsConfig = { watchTickSeconds: 60, watchExpPerMinute: 5, watchMinutesPerDay: 3, chatExpPerMessage: 7, chatMessagesPerDay: 2 };

describeEachDatabase('member levels: exp from minutes watched and chat messages, capped per day', (target) => {
  const ctx = useTestApp(target, {
    app: { accountsConfig: defaultAccountsConfig(), levels: LEVELS, chat: { watchTickMs: 3_600_000, memberRate: { max: 100, windowMs: 1_000, blockMs: 10 } } },
  });
  const { connect } = useChatSockets(ctx);
  const expOf = async (userId: number) => (await ctx.db.selectFrom('app_user').select('exp').where('id', '=', userId).executeTakeFirstOrThrow()).exp;
  const memberInRoom = async (userId: number, groupId: string) => {
    const client = await connect();
    const { id, userSig } = await memberChatSignature(ctx, userId);
    expect((await client.login(id, userSig)).ok).toBe(true);
    expect((await client.join(groupId)).status).toBeDefined();
    return client;
  };

  it('counts a minute at most once a minute, up to the day cap, and starts again the next day', async () => {
    // China day 2026-11-25 runs from 16:00 UTC on the 24th to 16:00 UTC on the 25th.
    const clock = createManualClock(new Date('2026-11-25T02:00:00Z'));
    const userId = await createUser(ctx.db, '看球的人');
    const award = () => ctx.app.experience.watchedMinute([userId, userId], clock());
    expect(await award()).toEqual([userId]);
    clock.advance(20_000);
    // Another node (or tab) counting the same minute earns nothing.
    expect(await award()).toEqual([]);
    clock.advance(40_000);
    expect(await award()).toEqual([userId]);
    clock.advance(60_000);
    expect(await award()).toEqual([userId]);
    clock.advance(60_000);
    expect(await award()).toEqual([]);
    expect(await expOf(userId)).toBe(3 * LEVELS.watchExpPerMinute);
    // 16:00 UTC: a new day in China.
    clock.set(new Date('2026-11-25T16:00:30Z'));
    expect(await award()).toEqual([userId]);
    expect(await expOf(userId)).toBe(4 * LEVELS.watchExpPerMinute);
  });

  it('ignores ids that are no account', async () => {
    expect(await ctx.app.experience.watchedMinute([987_654_321, -1, 0], new Date())).toEqual([]);
    expect(await ctx.app.experience.chatMessage(987_654_321, new Date())).toBe(false);
  });

  it('a member chatting in an open room earns exp per message up to the cap, and the level shows in the chat', async () => {
    const room = await createRoom(ctx.db, '主播甲');
    await ctx.db.updateTable('live_room').set({ is_open: true }).where('id', '=', room.roomId).execute();
    const userId = await createUser(ctx.db, '爱聊天');
    const client = await memberInRoom(userId, room.groupId);
    for (const text of ['一', '二', '三']) expect((await client.say(room.groupId, text)).type).toBe('ack');
    await expect.poll(() => expOf(userId)).toBe(2 * LEVELS.chatExpPerMessage);
    // Awards are asynchronous to the send: give a third, refused award time to (not) land.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await expOf(userId)).toBe(2 * LEVELS.chatExpPerMessage);
    expect(client.messages().at(-1)?.from).toMatchObject({ nickname: '爱聊天', level: levelOf(0) });
  });

  it('minutes watched are counted from the room presence: signed-in members of open rooms only', async () => {
    const open = await createRoom(ctx.db, '主播乙');
    await ctx.db.updateTable('live_room').set({ is_open: true }).where('id', '=', open.roomId).execute();
    const closed = await createRoom(ctx.db, '主播丙');
    const watcher = await createUser(ctx.db, '观众一');
    const elsewhere = await createUser(ctx.db, '观众二');
    await memberInRoom(watcher, open.groupId);
    await memberInRoom(elsewhere, closed.groupId);
    const guest = await connect();
    const account = (await ctx.app.inject('/api/Universal/imTouristAccount')).json().data as { id: string; sig: string };
    await guest.login(account.id, account.sig);
    await guest.join(open.groupId);

    await ctx.app.chatWatchTime.tick();
    expect(await expOf(watcher)).toBe(LEVELS.watchExpPerMinute);
    expect(await expOf(elsewhere)).toBe(0);
    // The same minute again (another node's tick): nothing more.
    await ctx.app.chatWatchTime.tick();
    expect(await expOf(watcher)).toBe(LEVELS.watchExpPerMinute);
  });
});

it('reads the LEVEL_* variables and names every bad one', () => {
  const problems: string[] = [];
  const config = loadLevelsConfig((name) => ({ LEVEL_WATCH_MINUTES_PER_DAY: '5', LEVEL_CHAT_MESSAGES_PER_DAY: 'many', LEVEL_CHAT_EXP_PER_MESSAGE: '-1' })[name], problems);
  expect(config.watchMinutesPerDay).toBe(5);
  expect(problems).toEqual([expect.stringContaining('LEVEL_CHAT_EXP_PER_MESSAGE'), expect.stringContaining('LEVEL_CHAT_MESSAGES_PER_DAY')]);
});

import { RoomRankingSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { expectLedgerClean, fundMember } from '../wallet/testing/ledgerTestKit';
import { RoomGiftIncomePort } from './giftIncome';
import { type TestUser, createUser } from './testing/roomsTestKit';

const DAY = 86_400_000;

describe('the gift income port', () => {
  it('answers nothing until provided, then only whole positive coins of real rooms', async () => {
    const port = new RoomGiftIncomePort();
    expect(await port.coinsByRoom(new Date(0), new Date())).toEqual([]);
    port.provide({
      coinsByRoom: async () => [
        { roomId: 1, coins: 30 },
        { roomId: 2, coins: 0 },
        { roomId: 0, coins: 5 },
        { roomId: 3, coins: 1.5 },
        { roomId: 4, coins: Number.NaN },
      ],
    });
    expect(await port.coinsByRoom(new Date(0), new Date())).toEqual([{ roomId: 1, coins: 30 }]);
  });
});

describeEachDatabase('roomRanking counts the gift income of the period (gift_send, through app.roomGiftIncome)', (target) => {
  // Before the real now: test sessions are issued on the real clock.
  const now = new Date('2026-11-20T04:00:00Z');
  const clock = createManualClock(new Date(now.getTime() - 50 * DAY));
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, accounts);
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const newRoom = async (title: string) => {
    const anchor = await createUser(ctx.db, { anchor: true });
    // Live: the ranking holds only the rooms live now.
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title, type: 2, stream_status: 'live' }).returning('id').executeTakeFirstOrThrow();
    return { anchor, roomId: room.id };
  };
  const giftId = async (price: number) => {
    const list = (await ctx.app.inject({ url: '/api/Gift/getList' })).json().data as Array<{ id: number; price: number }>;
    return (list.find((gift) => gift.price === price) as { id: number }).id;
  };
  const send = async (sender: TestUser, roomId: number, price: number, count: number) => {
    const answer = await ctx.app.inject({
      url: `/api/member/handselGift?room_id=${roomId}&gift_id=${await giftId(price)}&count=${count}`,
      headers: { ...sender.headers, 'idempotency-key': `rank-${process.pid}-${++keyCounter}` },
    });
    expect(answer.json().code).toBe(200);
  };
  const follow = async (anchorId: number, times: number) => {
    for (let index = 0; index < times; index += 1) {
      const fan = await createUser(ctx.db);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/Member/attention', payload: { anchor_id: anchorId }, headers: { ...fan.headers, 'x-requested-with': 'XMLHttpRequest' } })).json().code).toBe(200);
    }
  };
  const ranking = async (period: string) => {
    const answer = (await ctx.app.inject({ url: `/api/Live_streaming/roomRanking?period=${period}&type=2&limit=50` })).json();
    expect(Value.Check(RoomRankingSchema, answer.data)).toBe(true);
    return answer.data.list as Array<{ rank: number; room: { room_id: number }; fans: number; gift_coins: number; score: number }>;
  };

  it('gifts add their coins to the score of the period they were sent in; replays do not count twice', async () => {
    const sender = await createUser(ctx.db);
    await fundMember(ctx.db, sender.id, 10_000);
    const old = await newRoom('上月收礼');
    const monthOnly = await newRoom('八天前收礼');
    const gifted = await newRoom('本周收礼');
    const mixed = await newRoom('粉丝加礼物');
    const fansOnly = await newRoom('只有粉丝');

    await send(sender, old.roomId, 100, 5); // 50 days ago: 500 coins, only in 'all'
    clock.set(new Date(now.getTime() - 8 * DAY));
    await send(sender, monthOnly.roomId, 100, 1); // 8 days ago: in month and all, not the week
    clock.set(now);
    await send(sender, gifted.roomId, 10, 6); // 60 coins
    await send(sender, mixed.roomId, 10, 1); // 10 coins + 3 fans × 10
    await follow(mixed.anchor.id, 3);
    await follow(fansOnly.anchor.id, 2);

    const mine = (list: Awaited<ReturnType<typeof ranking>>) => {
      const ids = new Set([old.roomId, monthOnly.roomId, gifted.roomId, mixed.roomId, fansOnly.roomId]);
      return list.filter((item) => ids.has(item.room.room_id)).map((item) => [item.room.room_id, item.gift_coins, item.score]);
    };
    expect(mine(await ranking('week'))).toEqual([
      [gifted.roomId, 60, 60],
      [mixed.roomId, 10, 40],
      [fansOnly.roomId, 0, 20],
      [old.roomId, 0, 0],
      [monthOnly.roomId, 0, 0],
    ]);
    expect(mine(await ranking('month'))).toEqual([
      [monthOnly.roomId, 100, 100],
      [gifted.roomId, 60, 60],
      [mixed.roomId, 10, 40],
      [fansOnly.roomId, 0, 20],
      [old.roomId, 0, 0],
    ]);
    const all = await ranking('all');
    expect(mine(all)[0]).toEqual([old.roomId, 500, 500]);
    // Ranks are the list's positions.
    expect(all.map((item) => item.rank)).toEqual(all.map((_, index) => index + 1));

    // A replayed send (same key) is one gift: the income stays.
    const key = `rank-replay-${process.pid}`;
    const url = `/api/member/handselGift?room_id=${fansOnly.roomId}&gift_id=${await giftId(10)}&count=1`;
    for (let index = 0; index < 3; index += 1) expect((await ctx.app.inject({ url, headers: { ...sender.headers, 'idempotency-key': key } })).json().code).toBe(200);
    expect(mine(await ranking('week')).find((row) => row[0] === fansOnly.roomId)).toEqual([fansOnly.roomId, 10, 30]);
  });
});

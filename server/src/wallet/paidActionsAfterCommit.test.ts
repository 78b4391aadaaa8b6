import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { type TestUser, createUser } from '../live/testing/roomsTestKit';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { balanceOf } from './ledger';
import { expectLedgerClean, fundMember } from './testing/ledgerTestKit';
import { defaultWalletConfig } from './walletConfig';

// Money before messages (wallet/README.md, "After commit: one way to the room"): once a paid
// action's coins moved, what telling the room does (a throw, a rejected delivery) never reaches
// the answer. The client gets the success answer; a retry with the same key replays it, charged once.

const SHARE = 50;
const HORN_PRICE = 30;

describeEachDatabase('wallet: paid actions answer the committed result whatever the chat does after commit', (target) => {
  const clock = createManualClock(new Date('2026-11-18T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }));
  const ctx = useTestApp(target, {
    ...accounts,
    app: { ...accounts.app, logger, wallet: { config: { ...defaultWalletConfig(), anchorSharePercent: SHARE, hornPrice: HORN_PRICE } } },
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const freshKey = () => `after-commit-${process.pid}-${++keyCounter}`;
  const get = (url: string, as: TestUser, key: string) =>
    ctx.app.inject({ url, headers: { ...as.headers, 'idempotency-key': key } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const newRoom = async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '付费后直播间' }).returning('id').executeTakeFirstOrThrow();
    return { anchor, roomId: room.id };
  };
  const funded = async (coins: number) => {
    const user = await createUser(ctx.db);
    await fundMember(ctx.db, user.id, coins);
    return user;
  };
  const memberCoins = (id: number) => balanceOf(ctx.db, { kind: 'member_coins', owner: id });
  const displayed = async (id: number) => Number((await ctx.db.selectFrom('app_user').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  const earnings = (id: number) => balanceOf(ctx.db, { kind: 'anchor_earnings', owner: id });
  const platform = () => balanceOf(ctx.db, { kind: 'platform_revenue' });
  const setsOf = (prefix: string) => ctx.db.selectFrom('ledger_transfer_set').select('id').where('idempotency_key', 'like', `${prefix}%`).execute();
  /** The error the failed telling logged (the action stands, its answer was sent). */
  const loggedFailure = async (kind: string, from: number) => {
    for (let tries = 0; tries < 50; tries += 1) {
      const line = logLines.slice(from).find((candidate) => candidate.includes('telling the room failed after commit') && candidate.includes(`"delivery":"${kind}"`));
      if (line !== undefined) return JSON.parse(line) as { level: number; err?: { message: string } };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no logged failure for ${kind}:\n${logLines.slice(from).join('')}`);
  };
  const broken = (what: string) => () => {
    throw new Error(`${what}: a listener's bug`);
  };

  /**
   * The paid action once, with the chat's delivery broken as `breakIt` says: the success answer,
   * the failure logged, then the same key replayed with the same answer and no second charge,
   * and nothing told twice.
   */
  const payThroughBrokenChat = async <T extends { code: number; data: unknown }>(kind: string, deliveries: { mock: { calls: unknown[] } }, pay: (key: string) => Promise<T>) => {
    const key = freshKey();
    const from = logLines.length;
    const first = await pay(key);
    expect(first, JSON.stringify(first)).toMatchObject({ status: 200, code: 200 });
    expect(deliveries.mock.calls).toHaveLength(1);
    const logged = await loggedFailure(kind, from);
    expect(logged.level).toBe(50);
    expect(logged.err?.message).toMatch(/a listener's bug/);
    const again = await pay(key);
    expect(again).toEqual(first);
    expect(deliveries.mock.calls).toHaveLength(1);
    return first;
  };

  it('a gift: the chat throws announcing it; answered, charged once, replayed', async () => {
    const { anchor, roomId } = await newRoom();
    const gift = await ctx.db.selectFrom('gift').select(['id', 'price']).where('enabled', '=', true).where('price', '=', 10).executeTakeFirstOrThrow();
    const member = await funded(100);
    const platformBefore = await platform();
    const announce = vi.spyOn(ctx.app.chatHub, 'announceGift').mockImplementation(broken('gift'));
    const answer = await payThroughBrokenChat('gift', announce, (key) => get(`/api/member/handselGift?room_id=${roomId}&gift_id=${gift.id}&count=3`, member, key));
    expect(answer.data).toMatchObject({ gift_id: gift.id, count: 3, coins: 30, balance: 70 });
    expect(await memberCoins(member.id)).toBe(70);
    expect(await displayed(member.id)).toBe(70);
    expect(await earnings(anchor.id)).toBe(15);
    expect((await platform()) - platformBefore).toBe(15);
    expect(await ctx.db.selectFrom('gift_send').select('id').where('sender_id', '=', member.id).execute()).toHaveLength(1);
    expect(await setsOf(`gift:${member.id}:`)).toHaveLength(1);
    await expectLedgerClean(ctx.db);
  });

  it('a guard: the chat throws announcing it; answered, charged once, replayed', async () => {
    const { anchor, roomId } = await newRoom();
    const bronze = await ctx.db.selectFrom('guard_tier').select(['id', 'price']).where('level', '=', 1).executeTakeFirstOrThrow();
    const price = Number(bronze.price);
    const member = await funded(price + 7);
    const platformBefore = await platform();
    const announce = vi.spyOn(ctx.app.chatHub, 'announceGuard').mockImplementation(broken('guard'));
    const answer = await payThroughBrokenChat('guard', announce, (key) => get(`/api/guard_user/buy?room_id=${roomId}&guard_id=${bronze.id}&months=1`, member, key));
    expect(answer.data).toMatchObject({ guard_id: bronze.id, months: 1, kind: 'buy', coins: price, balance: 7 });
    expect(await memberCoins(member.id)).toBe(7);
    expect(await displayed(member.id)).toBe(7);
    expect(await earnings(anchor.id)).toBe(Math.floor((price * SHARE) / 100));
    expect((await platform()) - platformBefore).toBe(price - Math.floor((price * SHARE) / 100));
    expect(await ctx.db.selectFrom('guard_purchase').select('id').where('user_id', '=', member.id).execute()).toHaveLength(1);
    expect(await setsOf(`guard:${member.id}:`)).toHaveLength(1);
    await expectLedgerClean(ctx.db);
  });

  it('a horn: the chat throws broadcasting it; answered, charged once, replayed', async () => {
    const member = await funded(100);
    const platformBefore = await platform();
    const broadcast = vi.spyOn(ctx.app.chatHub, 'broadcastHorn').mockImplementation(broken('horn'));
    const answer = await payThroughBrokenChat('horn', broadcast, (key) => get(`/api/Member/sneHorn?text=${encodeURIComponent('今晚决赛')}`, member, key));
    expect(answer.data).toMatchObject({ balance: 100 - HORN_PRICE, horn: { user_id: member.id, text: '今晚决赛', coins: HORN_PRICE } });
    expect(await memberCoins(member.id)).toBe(100 - HORN_PRICE);
    expect(await displayed(member.id)).toBe(100 - HORN_PRICE);
    expect((await platform()) - platformBefore).toBe(HORN_PRICE);
    expect(await ctx.db.selectFrom('horn').select('id').where('sender_id', '=', member.id).execute()).toHaveLength(1);
    expect(await setsOf(`horn:${member.id}:`)).toHaveLength(1);
    await expectLedgerClean(ctx.db);
  });

  for (const failure of ['throws', 'rejects'] as const) {
    it(`a paid danmaku: the chat's delivery ${failure}; answered, charged once, replayed`, async () => {
      const { anchor, roomId } = await newRoom();
      const style = await ctx.db.selectFrom('barrage_style').select(['id', 'price']).where('price', '>', 0).where('min_level', '<=', 1).orderBy('price').executeTakeFirstOrThrow();
      const price = Number(style.price);
      const member = await funded(price + 11);
      const platformBefore = await platform();
      const post = vi
        .spyOn(ctx.app.chatHub, 'postMemberDanmaku')
        .mockImplementation(failure === 'throws' ? broken('danmaku') : () => Promise.reject(new Error("danmaku: a listener's bug")));
      const answer = await payThroughBrokenChat('danmaku', post, (key) => get(`/api/Barrage/send?room_id=${roomId}&text=${encodeURIComponent('好球')}&style_id=${style.id}`, member, key));
      expect(answer.data).toMatchObject({ coins: price, balance: 11, barrage: { room_id: roomId, user_id: member.id, text: '好球', style_id: style.id } });
      expect(await memberCoins(member.id)).toBe(11);
      expect(await displayed(member.id)).toBe(11);
      expect(await earnings(anchor.id)).toBe(Math.floor((price * SHARE) / 100));
      expect((await platform()) - platformBefore).toBe(price - Math.floor((price * SHARE) / 100));
      expect(await ctx.db.selectFrom('barrage').select('id').where('sender_id', '=', member.id).execute()).toHaveLength(1);
      expect(await setsOf(`barrage:${member.id}:`)).toHaveLength(1);
      await expectLedgerClean(ctx.db);
    });
  }
});

/** The wallet's routes reach the chat's deliveries only through tellTheRoom (chatOutlet.ts), and never the rooms' events. */
it('wallet/: one way to the room after commit (no direct delivery, no roomEvents.emit)', () => {
  const walletDir = path.dirname(new URL(import.meta.url).pathname);
  const offenders: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testing') walk(file);
        continue;
      }
      if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || file === path.join(walletDir, 'chatOutlet.ts')) continue;
      const source = fs.readFileSync(file, 'utf8');
      for (const pattern of [/roomEvents\s*\.\s*emit\b/, /\bemitCommitted\b/, /\.\s*(announceGift|announceGuard|broadcastHorn|postMemberDanmaku)\s*\(/]) {
        const match = pattern.exec(source);
        if (match !== null) offenders.push(`${path.relative(walletDir, file)}: ${match[0]}`);
      }
    }
  };
  walk(walletDir);
  expect(offenders).toEqual([]);
});

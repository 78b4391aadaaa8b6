import type { OpsLottery } from '@sports/shared';
import type { OpsPredictionRow } from '../PredictionAuditTrail';
import type { OpsRedPacket } from '../RedPacketAuditTrail';
import type { SentRequest } from './fakeOpsServer';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The server's fixed vector (server/src/redPackets/redPacketSplit.test.ts): this seed splits 100 coins in 4 as 24, 29, 14, 33. */
export const FIXED_SEED = '00'.repeat(32);
export const FIXED_SEED_HASH = '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55';
export const FIXED_SPLIT = [24, 29, 14, 33];

/** A finished packet of 100 coins in 4 shares from the fixed seed: shares 0 and 1 grabbed, 2 and 3 refunded. */
export function fakeRedPacket(id: number, overrides: Partial<OpsRedPacket> = {}): OpsRedPacket {
  return {
    id,
    room_id: 7,
    funder_id: 501,
    total_coins: 100,
    shares: 4,
    followers_only: 0,
    password: null,
    seed_hash: FIXED_SEED_HASH,
    seed: FIXED_SEED,
    created_at: '2026-12-06 21:00:00',
    expires_at: '2026-12-06 21:10:00',
    finished_at: '2026-12-06 21:10:01',
    refunded_coins: 47,
    funding_set_id: 900 + id,
    refund_set_id: 950 + id,
    entries: 0,
    share_list: FIXED_SPLIT.map((amount, idx) => ({
      idx,
      amount,
      member_id: idx < 2 ? 601 + idx : null,
      grabbed_at: idx < 2 ? `2026-12-06 21:0${idx + 1}:30` : null,
      ip: idx < 2 ? `203.0.113.${idx + 10}` : null,
      device: idx < 2 ? `device-abcdefghijklmn${idx}` : null,
      refunded: idx < 2 ? 0 : 1,
      ledger_key: idx < 2 ? `red_packet_grab:${id}:${601 + idx}` : null,
    })),
    ...overrides,
  };
}

/** The lotteries' vector (computed by the server's rule): with this seed the tickets of 601..605 sort as 604, 602, 601, 603, 605. */
export const LOTTERY_SEED = 'a'.repeat(64);
export const LOTTERY_SEED_HASH = 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb';

/** A drawn lottery of 2 winners × 50 coins among 601..605 (604 and 602 won, paid through the ledger). */
export function fakeLottery(id: number, overrides: Partial<OpsLottery> = {}): OpsLottery {
  const winners = [604, 602];
  return {
    id,
    room_id: 7,
    anchor_id: 501,
    prize_coins: 50,
    prize_item: null,
    winners: 2,
    condition: 'password',
    password: '天选',
    medal_level: null,
    state: 'drawn',
    seed_hash: LOTTERY_SEED_HASH,
    seed: LOTTERY_SEED,
    created_at: '2026-12-06 21:00:00',
    ends_at: '2026-12-06 21:05:00',
    drawn_at: '2026-12-06 21:05:01',
    cancelled_at: null,
    refunded_coins: 0,
    funding_set_id: 700 + id,
    refund_set_id: null,
    winner_ids: [602, 604],
    entry_list: [601, 602, 603, 604, 605].map((member, index) => ({
      member_id: member,
      entered_at: `2026-12-06 21:0${index}:10`,
      via: index === 0 ? ('api' as const) : ('password' as const),
      ip: index === 0 ? '198.51.100.7' : null,
      device: index === 0 ? 'device-lottery-000001' : null,
      won: winners.includes(member) ? (1 as const) : (0 as const),
      ledger_key: winners.includes(member) ? `lottery_prize:${id}:${member}` : null,
    })),
    ...overrides,
  };
}

/** A settled 胜平负 prediction: 主胜 won; pool 30, paid 29, remainder 1, with its audit trail. */
export function fakePrediction(id: number, overrides: Partial<OpsPredictionRow['prediction']> = {}): OpsPredictionRow {
  return {
    prediction: {
      id,
      room_id: 7,
      match_id: 3001,
      template: 'football_1x2',
      title: '本场胜负',
      state: 'settled',
      lock_at: Date.parse('2026-12-06T12:00:00Z'),
      lock_text: '2026-12-06 20:00',
      winning_outcome: 0,
      pool: 30,
      outcomes: [
        { index: 0, label: '主胜', pool: 7, stakes: 2, share: 23.3 },
        { index: 1, label: '平', pool: 3, stakes: 1, share: 10 },
        { index: 2, label: '客胜', pool: 20, stakes: 1, share: 66.7 },
      ],
      mine: null,
      settled_text: '2026-12-06 21:52',
      ...overrides,
    },
    stakes: 4,
    stake_list: [
      { member_id: 31, nickname: '客队死忠', outcome: 2, amount: 20, payout: 0, at_text: '2026-12-06 19:41', set_id: 3101 },
      { member_id: 32, nickname: '主队球迷', outcome: 0, amount: 5, payout: 20, at_text: '2026-12-06 19:35', set_id: 3102 },
      { member_id: 33, nickname: '和局专家', outcome: 1, amount: 3, payout: 0, at_text: '2026-12-06 19:50', set_id: 3103 },
      { member_id: 34, nickname: '小赌怡情', outcome: 0, amount: 2, payout: 9, at_text: '2026-12-06 19:52', set_id: 3104 },
    ],
    paid: 29,
    remainder: 1,
    settle_set_id: 4000 + id,
    audit: [
      { action: 'created', actor: 'anchor:501', detail: { template: 'football_1x2', line: null, outcomes: ['主胜', '平', '客胜'] }, at: Date.parse('2026-12-06T11:30:00Z'), at_text: '2026-12-06 19:30' },
      { action: 'settled', actor: 'feed', detail: { winner: 0, pool: 30, paid: 29, remainder: 1, winners: 2, set_id: 4000 + id }, at: Date.parse('2026-12-06T13:52:10Z'), at_text: '2026-12-06 21:52' },
    ],
  };
}

/**
 * `api/ops/redPackets` and `api/ops/lotteries` (the newest 50, of a room or all) and `api/ops/predictions` (20 a page by
 * an id cursor, newest first) in memory behind a fake `fetch`, the token checked as the server
 * does; `failNext` answers the next call with a refusal; other requests go to `fallback`.
 */
export function createFakeGameAudit(token: string, fallback: Fetch) {
  const sent: SentRequest[] = [];
  const redPackets: OpsRedPacket[] = [];
  const predictions: OpsPredictionRow[] = [];
  const lotteries: OpsLottery[] = [];
  const state = { failNext: null as string | null };
  const envelope = (data: unknown, status = 200, code = 200, msg = '') => new Response(JSON.stringify({ code, msg, data }), { status });

  const fetchImpl: Fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://site.test');
    if (!['/api/ops/redPackets', '/api/ops/predictions', '/api/ops/lotteries'].includes(url.pathname)) return fallback(input, init);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]));
    const method = init.method ?? 'GET';
    sent.push({ method, path: `${url.pathname}${url.search}`, headers, body: undefined });
    if (headers['x-ops-token'] !== token) return envelope(null, 403, 1, '需要运维权限');
    if (state.failNext !== null) {
      const message = state.failNext;
      state.failNext = null;
      return envelope(null, 500, 1, message);
    }
    const room = url.searchParams.get('room_id');
    const inRoom = (roomId: number) => room === null || roomId === Number(room);
    if (url.pathname === '/api/ops/redPackets') {
      const list = redPackets.filter((packet) => inRoom(packet.room_id)).sort((a, b) => b.id - a.id).slice(0, 50);
      return envelope({ list: structuredClone(list) });
    }
    if (url.pathname === '/api/ops/lotteries') {
      const list = lotteries.filter((lottery) => inRoom(lottery.room_id)).sort((a, b) => b.id - a.id).slice(0, 50);
      return envelope({ list: structuredClone(list) });
    }
    const cursor = url.searchParams.get('cursor');
    const rows = predictions.filter((row) => inRoom(row.prediction.room_id) && (cursor === null || row.prediction.id < Number(cursor))).sort((a, b) => b.prediction.id - a.prediction.id);
    const page = rows.slice(0, 20);
    return envelope({ list: structuredClone(page), next_cursor: rows.length > 20 ? (page.at(-1)?.prediction.id ?? null) : null });
  };

  return { fetch: fetchImpl, sent, redPackets, predictions, lotteries, state };
}

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { OpsPage } from './OpsPage';
import { createFakeGameAudit, fakeLottery, LOTTERY_SEED, LOTTERY_SEED_HASH } from './testing/fakeGameAudit';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
let fake: ReturnType<typeof createFakeGameAudit>;

beforeEach(() => {
  fake = createFakeGameAudit(TOKEN, createFakeOpsServer(TOKEN, []).fetch);
  fake.lotteries.push(
    fakeLottery(21),
    fakeLottery(22, { room_id: 8, prize_coins: null, prize_item: '签名球衣', condition: 'medal', password: null, medal_level: 5, state: 'open', drawn_at: null, refunded_coins: null, funding_set_id: null, winner_ids: [], entry_list: [] }),
  );
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openLotteries() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=lotteryAudit' });
  return screen.findByRole('table', { name: /天选时刻（全部直播间/ });
}

async function expand(id: number) {
  fireEvent.click(screen.getByTestId(`lottery-audit-row-${id}-toggle`));
  return screen.findByRole('region', { name: `天选 ${id} 的审计` });
}

const cellsOf = (element: HTMLElement) => within(element).getAllByRole('cell').map((cell) => cell.textContent);

describe('天选审计 (#/ops?tab=lotteryAudit)', () => {
  it('lists every lottery newest first: room, anchor, prize, winners, entrants, condition, China times, state', async () => {
    const table = await openLotteries();
    expect(screen.getByRole('tab', { name: '天选审计' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['编号', '直播间', '主播 ID', '奖品', '中奖名额', '参与', '条件', '创建时间', '截止时间', '状态', '审计']);
    expect(screen.getAllByTestId(/^lottery-audit-row-\d+$/).map((row) => row.getAttribute('data-state'))).toEqual(['open', 'drawn']);
    expect(cellsOf(screen.getByTestId('lottery-audit-row-22')).slice(0, 10)).toEqual(['22', '8', '501', '实物：签名球衣', '2', '0', '粉丝勋章 ≥ 5 级', '2026-12-06 21:00:00', '2026-12-06 21:05:00', '进行中']);
    expect(cellsOf(screen.getByTestId('lottery-audit-row-21')).slice(3, 7)).toEqual(['每人 50 金币', '2', '5', '口令「天选」']);
    expect(fake.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/lotteries', headers: { 'x-ops-token': TOKEN } });
  });

  it('a drawn one expands to its seed, 校验 一致, the winners, the escrow set and every entry with its prize key', async () => {
    await openLotteries();
    const trail = await expand(21);
    expect(within(trail).getByTestId('lottery-audit-seed-hash-21').textContent).toBe(LOTTERY_SEED_HASH);
    expect(within(trail).getByTestId('lottery-audit-seed-21').textContent).toBe(LOTTERY_SEED);
    await waitFor(() => expect(screen.getByTestId('lottery-audit-verify-21-result').textContent).toBe('一致'));
    expect(screen.getByTestId('lottery-audit-verify-21').textContent).toBe('一致 种子哈希一致；由种子与 5 位参与者推算的中奖者一致');
    expect(screen.getByTestId('lottery-audit-result-21').textContent).toBe('开奖于 2026-12-06 21:05:01中奖者 ID：602、604');
    expect(screen.getByTestId('lottery-audit-ledger-21').textContent).toBe('奖品托管账本集 #721（主播 → 天选托管）无退款');
    const entries = within(trail).getByRole('table', { name: '天选 21 的 5 个参与' });
    expect(within(entries).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['成员 ID', '参与时间', '方式', 'IP 地址', '设备', '中奖', '奖金账本键']);
    expect(cellsOf(screen.getByTestId('lottery-entry-21-601'))).toEqual(['601', '2026-12-06 21:00:10', '接口参与', '198.51.100.7', 'device-lottery-000001', '—', '—']);
    expect(cellsOf(screen.getByTestId('lottery-entry-21-604'))).toEqual(['604', '2026-12-06 21:03:10', '口令弹幕', '—', '—', '中奖', 'lottery_prize:21:604']);
  });

  it('校验 不一致 when the stored winners are not the seed’s; an open one waits for the draw; a cancelled one says so', async () => {
    fake.lotteries.push(fakeLottery(23, { winner_ids: [601, 604] }), fakeLottery(24, { state: 'cancelled', drawn_at: null, cancelled_at: '2026-12-06 21:02:00', refunded_coins: 100, refund_set_id: 812, winner_ids: [] }));
    await openLotteries();
    await expand(23);
    await waitFor(() => expect(screen.getByTestId('lottery-audit-verify-23-result').textContent).toBe('不一致'));
    expect(screen.getByTestId('lottery-audit-verify-23').textContent).toContain('推算中奖者：604、602');
    await expand(22);
    expect(screen.getByTestId('lottery-audit-verify-22').textContent).toBe('开奖后校验');
    expect(screen.getByTestId('lottery-audit-ledger-22').textContent).toBe('实物奖品，无托管无退款');
    await expand(24);
    expect(screen.getByTestId('lottery-audit-result-24').textContent).toBe('取消于 2026-12-06 21:02:00');
    expect(screen.getByTestId('lottery-audit-ledger-24').textContent).toContain('退款账本集 #812（退回 100 金币）');
  });

  it('filters by room id', async () => {
    await openLotteries();
    fireEvent.change(screen.getByTestId('lottery-audit-room-filter'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('lottery-audit-search'));
    await screen.findByRole('table', { name: '天选时刻（直播间 8，最新 1 个，最多 50 个）' });
    expect(fake.sent.at(-1)?.path).toBe('/api/ops/lotteries?room_id=8');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { OpsPage } from './OpsPage';
import { createFakeGameAudit, fakePrediction } from './testing/fakeGameAudit';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
let fake: ReturnType<typeof createFakeGameAudit>;

beforeEach(() => {
  fake = createFakeGameAudit(TOKEN, createFakeOpsServer(TOKEN, []).fetch);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openPredictions() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=predictionAudit' });
  return screen.findByRole('table', { name: /竞猜（全部直播间/ });
}

async function expand(id: number) {
  fireEvent.click(screen.getByTestId(`prediction-audit-row-${id}-toggle`));
  return screen.findByRole('region', { name: `竞猜 ${id} 的审计` });
}

const cellsOf = (element: HTMLElement) => within(element).getAllByRole('cell').map((cell) => cell.textContent);

describe('竞猜审计 (#/ops?tab=predictionAudit)', () => {
  it('lists every prediction newest first: room, match, title, template, state, lock time, pool, stakes', async () => {
    fake.predictions.push(fakePrediction(1), fakePrediction(2, { match_id: null, template: 'custom', title: '谁先进球', state: 'open', winning_outcome: null, settled_text: null }));
    const table = await openPredictions();
    expect(screen.getByRole('tab', { name: '竞猜审计' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['编号', '直播间', '比赛', '题目', '模板', '状态', '截止时间', '奖池积分', '注数', '审计']);
    expect(screen.getAllByTestId(/^prediction-audit-row-\d+$/).map((row) => row.getAttribute('data-state'))).toEqual(['open', 'settled']);
    expect(cellsOf(screen.getByTestId('prediction-audit-row-2')).slice(0, 9)).toEqual(['2', '7', '未绑定', '谁先进球', '自定义', '进行中', '2026-12-06 20:00', '30', '4']);
    expect(screen.getByTestId('prediction-audit-state-1').textContent).toBe('已结算');
    expect(fake.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/predictions', headers: { 'x-ops-token': TOKEN } });
  });

  it('a settled one expands to its outcomes with the winner, the payouts, the ledger keys and its audit trail in China time', async () => {
    fake.predictions.push(fakePrediction(5));
    await openPredictions();
    const trail = await expand(5);
    const outcomes = within(trail).getByRole('table', { name: '竞猜 5 的选项与下注' });
    expect(within(outcomes).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['选项', '下注积分', '注数', '占比', '结果']);
    expect(cellsOf(screen.getByTestId('prediction-outcome-5-0'))).toEqual(['主胜', '7', '2', '23.3%', '胜出']);
    expect(cellsOf(screen.getByTestId('prediction-outcome-5-2'))).toEqual(['客胜', '20', '1', '66.7%', '—']);
    const stakes = within(trail).getByRole('table', { name: '竞猜 5 的下注明细（共 4 注）' });
    expect(within(stakes).getAllByRole('row').slice(1).map((row) => cellsOf(row))).toEqual([
      ['客队死忠（31）', '客胜', '20', '0', '2026-12-06 19:41', '#3101'],
      ['主队球迷（32）', '主胜', '5', '20', '2026-12-06 19:35', '#3102'],
      ['和局专家（33）', '平', '3', '0', '2026-12-06 19:50', '#3103'],
      ['小赌怡情（34）', '主胜', '2', '9', '2026-12-06 19:52', '#3104'],
    ]);
    expect(screen.getByTestId('prediction-audit-settlement-5').textContent).toBe('奖池 30 积分，派奖 29 积分，余数 1 积分归平台（2026-12-06 21:52）');
    expect(screen.getByTestId('prediction-audit-ledger-5').textContent).toBe(
      '下注账本键 prediction:stake:<用户>:<幂等键>派奖账本集 #4005（prediction:settle:5）余数账本键 prediction:remainder:5',
    );
    const log = within(trail).getByRole('table', { name: '竞猜 5 的操作记录' });
    expect(within(log).getAllByRole('row').slice(1).map((row) => cellsOf(row))).toEqual([
      ['2026-12-06 19:30:00', '创建', 'anchor:501', '模板 football_1x2 · 盘口 — · 选项 主胜 / 平 / 客胜'],
      ['2026-12-06 21:52:10', '结算', 'feed', '胜出选项 主胜 · 奖池 30 · 派奖 29 · 余数 1 · 中奖注数 2 · 账本集 4005'],
    ]);
  });

  it('a cancelled one says every stake went back; an open one is not settled yet', async () => {
    fake.predictions.push(fakePrediction(6, { state: 'cancelled', winning_outcome: null, settled_text: null }), fakePrediction(7, { state: 'open', winning_outcome: null, settled_text: null }));
    await openPredictions();
    await expand(6);
    expect(screen.getByTestId('prediction-audit-settlement-6').textContent).toBe('全部下注退还，共 30 积分');
    expect(screen.getByTestId('prediction-audit-ledger-6').textContent).toContain('退还账本集 #4006（prediction:settle:6）');
    await expand(7);
    expect(screen.getByTestId('prediction-audit-settlement-7').textContent).toBe('尚未结算');
  });

  it('pages by the route’s cursor (加载更多), within the chosen room', async () => {
    for (let id = 1; id <= 25; id += 1) fake.predictions.push(fakePrediction(id, { room_id: id % 2 === 0 ? 8 : 7 }));
    await openPredictions();
    expect(screen.getAllByTestId(/^prediction-audit-row-\d+$/)).toHaveLength(20);
    fireEvent.click(screen.getByTestId('prediction-audit-more'));
    await waitFor(() => expect(screen.getAllByTestId(/^prediction-audit-row-\d+$/)).toHaveLength(25));
    expect(fake.sent.at(-1)?.path).toBe('/api/ops/predictions?cursor=6');
    expect(screen.queryByTestId('prediction-audit-more')).toBeNull();

    fireEvent.change(screen.getByTestId('prediction-audit-room-filter'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('prediction-audit-search'));
    await screen.findByRole('table', { name: '竞猜（直播间 8，已显示 12 个）' });
    expect(fake.sent.at(-1)?.path).toBe('/api/ops/predictions?room_id=8');
    expect(screen.queryByTestId('prediction-audit-more')).toBeNull();
  });

  it('an empty list says so, with no 加载更多', async () => {
    await openPredictions();
    expect(screen.getByText('全部直播间还没有竞猜。')).toBeTruthy();
    expect(screen.queryByTestId('prediction-audit-more')).toBeNull();
  });
});

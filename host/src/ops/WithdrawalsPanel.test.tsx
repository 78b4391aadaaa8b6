import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { OpsPage } from './OpsPage';
import { createFakeOpsServer } from './testing/fakeOpsServer';
import { createFakeOpsWithdrawals, fakeWithdrawal } from './testing/fakeOpsWithdrawals';

const TOKEN = 'ops-secret';
let fake: ReturnType<typeof createFakeOpsWithdrawals>;

beforeEach(() => {
  fake = createFakeOpsWithdrawals(TOKEN, createFakeOpsServer(TOKEN, []).fetch);
  fake.withdrawals.push(
    fakeWithdrawal(1),
    fakeWithdrawal(2, { account: 'alipay', bank_name: '支付宝', account_masked: '138****8000' }),
    fakeWithdrawal(3, { state: 'rejected', reject_reason: '账户信息有误', reviewed_at: '2026-11-25T02:30:00.000Z', reviewed_by: 'ops' }),
  );
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openWithdrawals() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=withdrawals' });
  return screen.findByRole('table', { name: /提现申请（待审核/ });
}

const row = (id: number) => screen.getByTestId(`withdrawal-row-${id}`);

describe('the withdrawal review (#/ops?tab=withdrawals)', () => {
  it('lists the pending queue: applicant, masked names, amount, coins, payout account, time, state, no review yet', async () => {
    const table = await openWithdrawals();
    expect(screen.getByRole('tab', { name: '提现审核' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['申请人', '实名', '金额', '收益币', '收款账户', '申请时间', '状态', '审核记录', '审核']);
    const cells = within(row(2)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['主播2（ID 302）', '张*三', '¥40.00', '400', '支付宝 138****8000（张*三）']);
    expect(screen.getByTestId('withdrawal-state-1').textContent).toBe('待审核');
    expect(screen.getByTestId('withdrawal-audit-1').textContent).toBe('—');
    expect(screen.queryByTestId('withdrawal-row-3')).toBeNull();
    expect(fake.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/withdrawals?state=pending&page_size=20', headers: { 'x-ops-token': TOKEN } });
  });

  it('approve: posts, then the row says 已打款 with who reviewed it and when', async () => {
    await openWithdrawals();
    fireEvent.click(screen.getByTestId('withdrawal-approve-1'));
    await waitFor(() => expect(screen.getByTestId('withdrawal-state-1').textContent).toBe('已打款'));
    expect(screen.getByTestId('withdrawal-outcome-1').textContent).toBe('已通过，标记为已打款');
    expect(screen.getByTestId('withdrawal-audit-1').textContent).toMatch(/^ops · 2026-11-25 \d\d:00:00$/);
    expect(screen.queryByTestId('withdrawal-approve-1')).toBeNull();
    expect(fake.sent.at(-1)).toMatchObject({ method: 'POST', path: '/api/ops/withdrawals/1/approve' });
  });

  it('reject needs a 2-100 character reason before any call, then says 已驳回 with it', async () => {
    await openWithdrawals();
    fireEvent.change(screen.getByTestId('withdrawal-reject-reason-2'), { target: { value: ' 差 ' } });
    fireEvent.click(screen.getByTestId('withdrawal-reject-2'));
    expect((await within(row(2)).findByRole('alert')).textContent).toBe('驳回理由需 2-100 个字');
    expect(fake.sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByTestId('withdrawal-reject-reason-2'), { target: { value: '  支付宝账户与实名不符 ' } });
    fireEvent.click(screen.getByTestId('withdrawal-reject-2'));
    await waitFor(() => expect(screen.getByTestId('withdrawal-state-2').textContent).toBe('已驳回：支付宝账户与实名不符'));
    expect(fake.sent.at(-1)?.body).toEqual({ reason: '支付宝账户与实名不符' });
  });

  it("a second review is refused with the server's message in the row", async () => {
    await openWithdrawals();
    fake.withdrawals[0]!.state = 'paid';
    fireEvent.click(screen.getByTestId('withdrawal-approve-1'));
    expect((await screen.findByTestId('withdrawal-outcome-1')).textContent).toBe('该提现申请已审核，不能重复审核');
  });

  it('the state filter shows the decided ones with their review; more by cursor', async () => {
    for (let id = 10; id < 32; id += 1) fake.withdrawals.push(fakeWithdrawal(id, { state: 'paid', reviewed_at: '2026-11-25T02:40:00.000Z', reviewed_by: 'ops' }));
    await openWithdrawals();
    fireEvent.change(screen.getByTestId('withdrawal-state-filter'), { target: { value: 'rejected' } });
    await waitFor(() => expect(screen.getByTestId('withdrawal-state-3').textContent).toBe('已驳回：账户信息有误'));
    expect(screen.getByTestId('withdrawal-audit-3').textContent).toMatch(/^ops · 2026-11-25/);
    fireEvent.change(screen.getByTestId('withdrawal-state-filter'), { target: { value: 'paid' } });
    await waitFor(() => expect(screen.getAllByTestId(/^withdrawal-row-/)).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByTestId(/^withdrawal-row-/)).toHaveLength(22));
    expect(fake.sent.at(-1)?.path).toBe('/api/ops/withdrawals?state=paid&page_size=20&cursor=29');
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });
});

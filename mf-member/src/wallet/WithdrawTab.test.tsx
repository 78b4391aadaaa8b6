import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { WALLET_PATHS } from '../api/walletApi';
import { routes } from '../routes';
import { ANCHOR, refused } from '../testing/fixtures';
import { walletContext, walletInfo, withdrawal } from './walletFixtures';

function openWithdraw(answers: Parameters<typeof walletContext>[1] = {}) {
  const context = walletContext(ANCHOR, answers);
  renderRemotePage(routes, 'member', { type: '3', tab: 'withdraw' }, context);
  return context;
}

async function askFor(amount: string) {
  fireEvent.change(await screen.findByLabelText('提现金额（元）'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('withdraw-submit'));
}

describe('提现', () => {
  it('shows the rules and what can be withdrawn now', async () => {
    openWithdraw({ [WALLET_PATHS.info]: walletInfo({ withdrawal_min_fen: 1_000, withdrawal_daily_limit_fen: 500_000, withdrawn_today_fen: 20_000, withdrawable_fen: 48_000 }) });
    expect((await screen.findByTestId('withdraw-rules')).textContent).toBe('单笔最低 ¥10.00，每日限额 ¥5000.00，今日还可提现 ¥4800.00');
    expect(screen.getByTestId('withdrawable').textContent).toBe('当前可提现 ¥480.00');
  });

  it('asks first for what is missing, in order: real name, a payout account, a payment password; says when locked, or when there is nothing to withdraw', async () => {
    const cases = [
      [walletInfo({ is_verified: 0, bank_card_bound: 0, payment_password_set: 0 }), 'verified'],
      [walletInfo({ bank_card_bound: 0, alipay_bound: 0, payment_password_set: 0 }), 'account'],
      [walletInfo({ payment_password_set: 0 }), 'password'],
      [walletInfo({ payment_password_locked_until: new Date(Date.now() + 600_000).toISOString() }), 'unlock'],
      [walletInfo({ withdrawable_fen: 0 }), 'earnings'],
    ] as const;
    for (const [info, need] of cases) {
      const { unmount } = renderRemotePage(routes, 'member', { type: '3', tab: 'withdraw' }, walletContext(ANCHOR, { [WALLET_PATHS.info]: info }));
      expect((await screen.findByTestId('withdraw-needs')).getAttribute('data-need')).toBe(need);
      expect(screen.queryByTestId('withdraw-form')).toBeNull();
      unmount();
    }
  });

  it('checks the amount before asking for the password: minimum, what is withdrawable, one earning coin steps, two decimals', async () => {
    const context = openWithdraw();
    for (const [amount, problem] of [
      ['9.99', '单笔最低提现 ¥10.00'],
      ['500.10', '当前最多可提现 ¥500.00'],
      ['20.05', '金额须为 ¥0.10 的整数倍'],
      ['20.123', '请输入正确的金额，最多两位小数'],
    ]) {
      await askFor(amount!);
      expect((await screen.findByRole('alert')).textContent).toBe(problem);
    }
    expect(screen.queryByTestId('withdraw-password-prompt')).toBeNull();
    expect(context.callsTo(WALLET_PATHS.withdraw)).toEqual([]);
  });

  it('sends the amount in integer fen with the password and an Idempotency-Key; a wrong password is shown and the next try is a new intent; no answer keeps the key', async () => {
    let answer: unknown = refused('支付密码错误，还可尝试 4 次', 'WALLET_PAYMENT_PASSWORD_WRONG');
    const context = openWithdraw({
      [WALLET_PATHS.withdraw]: () => answer,
    });
    await askFor('20.1');
    const prompt = await screen.findByTestId('withdraw-password-prompt');
    expect(prompt.textContent).toContain('提现 ¥20.10 到 银行卡 招商银行（尾号 0007）');
    expect(document.activeElement).toBe(within(prompt).getByLabelText('支付密码（6 位数字）'));
    fireEvent.click(within(prompt).getByTestId('withdraw-confirm'));
    expect((await within(prompt).findByRole('alert')).textContent).toBe('请输入 6 位数字的支付密码');
    expect(context.callsTo(WALLET_PATHS.withdraw)).toEqual([]);

    fireEvent.change(within(prompt).getByLabelText('支付密码（6 位数字）'), { target: { value: '000000' } });
    fireEvent.click(within(prompt).getByTestId('withdraw-confirm'));
    expect((await within(prompt).findByTestId('withdraw-error')).textContent).toBe('支付密码错误，还可尝试 4 次');
    expect((within(prompt).getByLabelText('支付密码（6 位数字）') as HTMLInputElement).value).toBe('');

    answer = new ApiError(null, '');
    fireEvent.change(within(prompt).getByLabelText('支付密码（6 位数字）'), { target: { value: '482913' } });
    fireEvent.click(within(prompt).getByTestId('withdraw-confirm'));
    await waitFor(() => expect(within(prompt).getByTestId('withdraw-error').textContent).toBe('提现申请失败，请稍后再试'));

    answer = { withdrawal: withdrawal({ amount_fen: 2_010, coins: 201 }), earnings: 4_799 };
    fireEvent.change(within(prompt).getByLabelText('支付密码（6 位数字）'), { target: { value: '482913' } });
    fireEvent.click(within(prompt).getByTestId('withdraw-confirm'));
    expect((await screen.findByTestId('withdraw-applied')).textContent).toBe('提现申请已提交：¥20.10，等待审核');
    expect(screen.queryByTestId('withdraw-password-prompt')).toBeNull();

    const calls = context.callsTo(WALLET_PATHS.withdraw);
    expect(calls.map((call) => call.params)).toEqual([
      { amount: 2_010, account: 'card', password: '000000' },
      { amount: 2_010, account: 'card', password: '482913' },
      { amount: 2_010, account: 'card', password: '482913' },
    ]);
    // POST with a body: the payment password never travels in a URL.
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'POST']);
    const keys = calls.map((call) => call.headers?.['Idempotency-Key']);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('with a card and Alipay both bound, the member chooses; 取消 closes the prompt', async () => {
    openWithdraw({
      [WALLET_PATHS.info]: walletInfo({ alipay_bound: 1 }),
      [WALLET_PATHS.aliPay]: { account: '138****8000', holder: '张*', bound_at: '2026-11-25T01:00:00.000Z' },
    });
    await askFor('20');
    expect((await screen.findByRole('alert')).textContent).toBe('请选择收款账户');
    fireEvent.click(screen.getByRole('radio', { name: '支付宝 138****8000' }));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const prompt = await screen.findByTestId('withdraw-password-prompt');
    expect(prompt.textContent).toContain('提现 ¥20.00 到 支付宝 138****8000');
    fireEvent.click(within(prompt).getByRole('button', { name: '取消' }));
    expect(screen.queryByTestId('withdraw-password-prompt')).toBeNull();
  });

  it('lists my withdrawals with their states, a rejection with its reason', async () => {
    openWithdraw({
      [WALLET_PATHS.withdrawals]: {
        list: [withdrawal({ id: 2, state: 'paid', reviewed_at: '2026-11-25T03:00:00.000Z' }), withdrawal({ id: 1, state: 'rejected', reject_reason: '账户信息有误', reviewed_at: '2026-11-25T03:00:00.000Z' })],
        next_cursor: null,
      },
    });
    const items = await screen.findAllByTestId('withdrawal-item');
    expect(items.map((item) => within(item).getByTestId('withdrawal-state').textContent)).toEqual(['已打款', '已驳回']);
    expect(items[1]?.textContent).toContain('驳回原因：账户信息有误');
    expect(items[0]?.textContent).toContain('招商银行 **** **** **** 0007');
  });
});

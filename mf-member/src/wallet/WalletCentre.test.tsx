import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, userInfoAtom } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS } from '../api/memberApi';
import { WALLET_PATHS } from '../api/walletApi';
import { routes } from '../routes';
import { ANCHOR, MEMBER, profileOf, refused } from '../testing/fixtures';
import { order, walletContext, walletInfo } from './walletFixtures';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('member?type=3 the wallet centre: 概览', () => {
  it('shows the coins, the tabs, and the recent orders of every type with their states in Chinese', async () => {
    const context = walletContext(MEMBER, {
      [WALLET_PATHS.info]: walletInfo({ coins: 310, earnings: 0 }),
      [WALLET_PATHS.orders]: {
        list: [
          order({ order_no: 'G1', type: 2, type_name: '礼物', coins: -100, state: 'paid' }),
          order({ order_no: 'R1', type: 1, type_name: '充值', subject: '充值 310 金币', amount_fen: 3_000, coins: 310, state: 'paid' }),
          order({ order_no: 'W1', type: 7, type_name: '提现', subject: '提现到 招商银行', amount_fen: 2_000, coins: 0, state: 'rejected' }),
        ],
        next_cursor: 'G0',
      },
    });
    renderRemotePage(routes, 'member', { type: '3' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '钱包中心' })).toBeTruthy();
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['概览', '订单', '提现', '银行卡', '支付密码']);
    expect(screen.getByRole('tab', { name: '概览' }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('wallet-coins')).textContent).toBe('310 金币');
    const rows = await screen.findAllByTestId('wallet-order');
    expect(rows.map((row) => within(row).getByTestId('wallet-order-state').textContent)).toEqual(['已完成', '已支付', '已驳回']);
    expect(rows.map((row) => within(row).getByTestId('wallet-order-amounts').textContent)).toEqual(['-100 金币', '¥30.00 · +310 金币', '¥20.00']);
    expect(context.callsTo(WALLET_PATHS.orders)[0]?.params).toEqual({ page_size: 5 });
    // A member without earnings sees no earnings panel.
    expect(screen.queryByTestId('wallet-earnings-panel')).toBeNull();
  });

  it('全部订单 and the tabs change the address (tab=…)', async () => {
    const context = walletContext(MEMBER);
    const navigate = vi.fn();
    context.navigate = navigate;
    renderRemotePage(routes, 'member', { type: '3' }, context);
    fireEvent.click(await screen.findByTestId('wallet-all-orders'));
    expect(navigate).toHaveBeenLastCalledWith('/member?type=3&tab=orders', { replace: true });
    fireEvent.click(screen.getByRole('tab', { name: '银行卡' }));
    expect(navigate).toHaveBeenLastCalledWith('/member?type=3&tab=cards', { replace: true });
  });

  it('an unknown tab shows 概览', async () => {
    renderRemotePage(routes, 'member', { type: '3', tab: 'nope' }, walletContext(MEMBER));
    expect((await screen.findByRole('tab', { name: '概览' })).getAttribute('aria-selected')).toBe('true');
  });
});

describe('概览: an anchor converts earnings into coins', () => {
  function anchorWallet(convert: () => unknown) {
    let earnings = 5_000;
    let coins = 120;
    const context = walletContext(ANCHOR, {
      [WALLET_PATHS.info]: () => walletInfo({ earnings, coins, conversion_percent: 50 }),
      [WALLET_PATHS.convert]: () => {
        const answer = convert();
        if (answer instanceof Error) return answer;
        earnings -= 300;
        coins += 150;
        return { order_no: 'C1', earnings_coins: 300, coins: 150, balance: coins, earnings, created_at: '2026-11-25T02:00:00.000Z' };
      },
      [MEMBER_PATHS.profile]: () => profileOf(ANCHOR, { balance: coins }),
    });
    return context;
  }

  it('shows the earnings and the rate; the preview; too much, or too little for one coin, is refused before any call', async () => {
    const context = anchorWallet(() => null);
    renderRemotePage(routes, 'member', { type: '3' }, context);
    expect((await screen.findByTestId('wallet-earnings')).textContent).toBe('5000 收益币');
    expect(screen.getByTestId('wallet-earnings-panel').textContent).toContain('兑换比例：100 收益币 = 50 金币');
    fireEvent.change(screen.getByLabelText('兑换数量（收益币）'), { target: { value: '301' } });
    expect(screen.getByTestId('conversion-preview').textContent).toBe('可得 150 金币');
    fireEvent.change(screen.getByLabelText('兑换数量（收益币）'), { target: { value: '5001' } });
    fireEvent.click(screen.getByTestId('conversion-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('最多可兑换 5000 收益币');
    fireEvent.change(screen.getByLabelText('兑换数量（收益币）'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('conversion-submit'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('至少兑换 2 收益币才能得到 1 金币'));
    expect(context.callsTo(WALLET_PATHS.convert)).toEqual([]);
  });

  it('converts with an Idempotency-Key (the same one after no answer), then shows the new earnings and coins, in the user menu too', async () => {
    let fail = true;
    const context = anchorWallet(() => (fail ? new ApiError(null, '') : null));
    renderRemotePage(routes, 'member', { type: '3' }, context);
    fireEvent.change(await screen.findByLabelText('兑换数量（收益币）'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('conversion-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('兑换失败，请稍后再试');
    fail = false;
    fireEvent.click(screen.getByTestId('conversion-submit'));
    expect((await screen.findByTestId('conversion-done')).textContent).toBe('已兑换：300 收益币 → 150 金币');
    const [first, second] = context.callsTo(WALLET_PATHS.convert);
    expect(first?.params).toEqual({ coins: 300 });
    expect(first?.headers?.['Idempotency-Key']).toMatch(KEY);
    expect(second?.headers?.['Idempotency-Key']).toBe(first?.headers?.['Idempotency-Key']);
    await waitFor(() => expect(screen.getByTestId('wallet-earnings').textContent).toBe('4700 收益币'));
    expect(screen.getByTestId('wallet-coins').textContent).toBe('270 金币');
    await waitFor(() => expect(context.store.get(userInfoAtom)?.balance).toBe(270));

    // The next conversion is a new intent: a new key.
    fireEvent.change(screen.getByLabelText('兑换数量（收益币）'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('conversion-submit'));
    await waitFor(() => expect(context.callsTo(WALLET_PATHS.convert)).toHaveLength(3));
    expect(context.callsTo(WALLET_PATHS.convert)[2]?.headers?.['Idempotency-Key']).not.toBe(first?.headers?.['Idempotency-Key']);
  });

  it("shows the server's refusal in the form", async () => {
    const context = anchorWallet(() => refused('收益不足', 'WALLET_EARNINGS_INSUFFICIENT'));
    renderRemotePage(routes, 'member', { type: '3' }, context);
    fireEvent.change(await screen.findByLabelText('兑换数量（收益币）'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('conversion-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('收益不足');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { WALLET_PATHS } from '../api/walletApi';
import { routes } from '../routes';
import { MEMBER } from '../testing/fixtures';
import { order, walletContext } from './walletFixtures';

describe('订单', () => {
  it('filters by a type from getTypeList and pages by cursor until next_cursor is null', async () => {
    let failMore = true;
    const context = walletContext(MEMBER, {
      [WALLET_PATHS.orders]: (params: unknown) => {
        const { type, cursor } = params as { type?: number; cursor?: string };
        if (type === 7) return { list: [order({ order_no: 'W1', type: 7, type_name: '提现', subject: '提现', amount_fen: 1_000, coins: 0, state: 'paid' })], next_cursor: null };
        if (cursor === undefined) return { list: [order({ order_no: 'G2' })], next_cursor: '2' };
        if (failMore) return new ApiError(null, '');
        return { list: [order({ order_no: 'G1', state: 'pending' })], next_cursor: null };
      },
    });
    renderRemotePage(routes, 'member', { type: '3', tab: 'orders' }, context);
    expect((await screen.findAllByTestId('wallet-order')).map((row) => row.getAttribute('data-order-no'))).toEqual(['G2']);
    expect(context.callsTo(WALLET_PATHS.orders)[0]?.params).toEqual({ page_size: 20 });

    fireEvent.click(screen.getByTestId('wallet-orders-more'));
    expect((await screen.findByRole('alert')).textContent).toBe('加载失败，请重试');
    failMore = false;
    fireEvent.click(screen.getByTestId('wallet-orders-more'));
    await waitFor(() => expect(screen.getAllByTestId('wallet-order').map((row) => row.getAttribute('data-order-no'))).toEqual(['G2', 'G1']));
    expect(context.callsTo(WALLET_PATHS.orders).at(-1)?.params).toEqual({ page_size: 20, cursor: '2' });
    expect(screen.queryByTestId('wallet-orders-more')).toBeNull();
    expect(within(screen.getAllByTestId('wallet-order')[1]!).getByTestId('wallet-order-state').textContent).toBe('待处理');

    const filter = screen.getByLabelText('订单类型');
    await waitFor(() => expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['全部', '充值', '礼物', '兑换', '提现']));
    fireEvent.change(filter, { target: { value: '7' } });
    await waitFor(() => expect(screen.getAllByTestId('wallet-order').map((row) => row.getAttribute('data-order-no'))).toEqual(['W1']));
    expect(context.callsTo(WALLET_PATHS.orders).at(-1)?.params).toEqual({ page_size: 20, type: 7 });
    expect(within(screen.getByTestId('wallet-order')).getByTestId('wallet-order-state').textContent).toBe('已打款');
  });

  it('红包 and 天选 from getTypeList filter their lines: subject, the signed coin change, 已完成, China time', async () => {
    const types = [
      { type: 1, name: '充值' },
      { type: 2, name: '礼物' },
      { type: 8, name: '红包' },
      { type: 9, name: '天选' },
    ];
    const redPackets = [
      order({ order_no: 'P3', type: 8, type_name: '红包', subject: '红包退回', coins: 40, created_at: '2026-11-25T16:30:00.000Z' }),
      order({ order_no: 'P2', type: 8, type_name: '红包', subject: '抢红包', coins: 12, created_at: '2026-11-25T16:10:00.000Z' }),
      order({ order_no: 'P1', type: 8, type_name: '红包', subject: '发红包（10份）', coins: -100, created_at: '2026-11-25T16:00:00.000Z' }),
    ];
    const lotteries = [order({ order_no: 'L2', type: 9, type_name: '天选', subject: '天选中奖', coins: 50 }), order({ order_no: 'L1', type: 9, type_name: '天选', subject: '天选奖品（3名）', coins: -150 })];
    const context = walletContext(MEMBER, {
      [WALLET_PATHS.orderTypes]: types,
      [WALLET_PATHS.orders]: (params: unknown) => {
        const { type } = params as { type?: number };
        return { list: type === 8 ? redPackets : type === 9 ? lotteries : [...redPackets, ...lotteries], next_cursor: null };
      },
    });
    renderRemotePage(routes, 'member', { type: '3', tab: 'orders' }, context);
    const filter = await screen.findByLabelText('订单类型');
    await waitFor(() => expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['全部', '充值', '礼物', '红包', '天选']));
    fireEvent.change(filter, { target: { value: '8' } });
    await waitFor(() => expect(context.callsTo(WALLET_PATHS.orders).at(-1)?.params).toEqual({ page_size: 20, type: 8 }));
    await waitFor(() => expect(screen.getAllByTestId('wallet-order').map((row) => row.getAttribute('data-order-no'))).toEqual(['P3', 'P2', 'P1']));
    const rows = screen.getAllByTestId('wallet-order');
    expect(rows.map((row) => within(row).getByTestId('wallet-order-amounts').textContent)).toEqual(['+40 金币', '+12 金币', '-100 金币']);
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual(['红包退回', '抢红包', '发红包（10份）']);
    expect(within(rows[0]!).getByTestId('wallet-order-state').textContent).toBe('已完成');
    // 16:30 UTC is 00:30 the next day in China.
    expect(rows[0]?.textContent).toContain('2026/11/26 00:30');
    fireEvent.change(filter, { target: { value: '9' } });
    await waitFor(() => expect(screen.getAllByTestId('wallet-order').map((row) => row.getAttribute('data-order-no'))).toEqual(['L2', 'L1']));
    expect(screen.getAllByTestId('wallet-order').map((row) => `${row.querySelector('strong')?.textContent} ${within(row).getByTestId('wallet-order-amounts').textContent}`)).toEqual(['天选中奖 +50 金币', '天选奖品（3名） -150 金币']);
  });

  it('an empty type says so; a failed type list leaves 全部', async () => {
    const context = walletContext(MEMBER, { [WALLET_PATHS.orderTypes]: new ApiError(null, '') });
    renderRemotePage(routes, 'member', { type: '3', tab: 'orders' }, context);
    expect((await screen.findByTestId('wallet-orders-empty')).textContent).toBe('还没有订单');
    expect(await screen.findByText('订单类型加载失败，仅可查看全部订单')).toBeTruthy();
  });
});

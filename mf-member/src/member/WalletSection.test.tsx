import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, userInfoAtom, type Order, type PayUrl } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS } from '../api/memberApi';
import { routes } from '../routes';
import { logIn, MEMBER, memberContext, profileOf, refused } from '../testing/fixtures';
import { formatYuan, newIdempotencyKey, pollDeadline } from './recharge';

const RULES = [
  { id: 1, price_fen: 600, coins: 60, bonus_coins: 0 },
  { id: 5, price_fen: 49_800, coins: 4_980, bonus_coins: 500 },
];
const ORDER_NO = 'R202611250000000000000001';
const NOW = Date.parse('2026-11-25T00:00:00.000Z');

function payUrl(overrides: Partial<PayUrl> = {}): PayUrl {
  return { order_no: ORDER_NO, pay_url: `/pay/sandbox/${ORDER_NO}`, amount_fen: 600, coins: 60, expires_at: new Date(NOW + 30 * 60_000).toISOString(), ...overrides };
}

function order(state: Order['state'], overrides: Partial<Order> = {}): Order {
  return { order_no: ORDER_NO, type: 1, type_name: '充值', state, subject: '充值 60 金币', amount_fen: 600, coins: 60, created_at: '2026-11-25T00:00:00.000Z', paid_at: state === 'paid' ? '2026-11-25T00:00:05.000Z' : null, ...overrides };
}

/** A wallet page whose order list answers `orders()` (changed by the test) and whose profile answers `balance()`. */
function walletContext(options: { orders?: () => Order[]; balance?: () => number; pay?: unknown } = {}) {
  const orders = options.orders ?? (() => []);
  const balance = options.balance ?? (() => 0);
  const context = memberContext({
    [MEMBER_PATHS.profile]: () => profileOf(MEMBER, { balance: balance() }),
    [MEMBER_PATHS.chargeRules]: RULES,
    [MEMBER_PATHS.payUrl]: options.pay ?? (() => payUrl()),
    [MEMBER_PATHS.orders]: () => ({ list: orders(), next_cursor: null }),
  });
  logIn(context, MEMBER);
  return context;
}

const advance = async (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

let opened: unknown[][];
beforeEach(() => {
  opened = [];
  vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => {
    opened.push(args);
    return null;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function choose(name: RegExp) {
  fireEvent.click(await screen.findByRole('radio', { name }));
}

describe('member?type=1 recharge', () => {
  it('shows the balance, the packages in yuan with coins and bonus, focused with isRecharge=true, and the recent orders', async () => {
    const context = walletContext({ balance: () => 0, orders: () => [order('paid', { order_no: 'R202611240000000000000009', amount_fen: 49_800, coins: 5_480 })] });
    renderRemotePage(routes, 'member', { type: '1', isRecharge: 'true' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '我的钱包' })).toBeTruthy();
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('0');
    const packages = await screen.findAllByTestId('recharge-package');
    expect(packages.map((item) => item.textContent)).toEqual(['¥6.0060 金币', '¥498.004980 金币赠送 500 金币']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('recharge-packages')));
    expect(screen.getByRole('group', { name: '选择充值套餐' })).toBeTruthy();
    const item = await screen.findByTestId('order-item');
    expect(item.getAttribute('data-state')).toBe('paid');
    expect(item.textContent).toContain('¥498.00 · +5480 金币');
    expect(within(item).getByTestId('order-state').textContent).toBe('已支付');
    expect(context.callsTo(MEMBER_PATHS.orders)[0]?.params).toEqual({ type: 1, page_size: 10 });
  });

  it('without isRecharge the packages are not focused', async () => {
    renderRemotePage(routes, 'member', { type: '1' }, walletContext());
    await screen.findAllByTestId('recharge-package');
    expect(document.activeElement).not.toBe(screen.getByTestId('recharge-packages'));
  });

  it('去支付 without a package asks for one and calls nothing', async () => {
    const context = walletContext();
    renderRemotePage(routes, 'member', { type: '1' }, context);
    await screen.findAllByTestId('recharge-package');
    fireEvent.click(screen.getByTestId('recharge-pay'));
    expect((await screen.findByRole('alert')).textContent).toBe('请先选择充值套餐');
    expect(context.callsTo(MEMBER_PATHS.payUrl)).toEqual([]);
  });

  it('pays: the order with an Idempotency-Key, the page in a new tab, polls every 2 s until paid, then 充值成功 with the new balance in the page and the shared store', async () => {
    let state: Order['state'] = 'pending';
    let balance = 0;
    const context = walletContext({ orders: () => [order(state)], balance: () => balance });
    renderRemotePage(routes, 'member', { type: '1', isRecharge: 'true' }, context);
    await choose(/¥6\.00/);
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await advance(0);

    const [call] = context.callsTo(MEMBER_PATHS.payUrl);
    expect(call?.params).toEqual({ id: 1 });
    expect(call?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(opened).toEqual([[`/pay/sandbox/${ORDER_NO}`, '_blank', 'noopener,noreferrer']]);
    expect(screen.getByTestId('recharge-state').getAttribute('data-state')).toBe('pending');
    expect(screen.getByRole('link', { name: '打开支付页面' }).getAttribute('rel')).toBe('noopener noreferrer');

    const polls = () => context.callsTo(MEMBER_PATHS.orders).length;
    const before = polls();
    await advance(1_999);
    expect(polls()).toBe(before);
    await advance(1);
    expect(polls()).toBe(before + 1);
    expect(screen.getByTestId('recharge-state').getAttribute('data-state')).toBe('pending');

    state = 'paid';
    balance = 60;
    await advance(2_000);
    expect(screen.getByTestId('recharge-state').getAttribute('data-state')).toBe('paid');
    expect(screen.getByTestId('recharge-success').textContent).toBe('充值成功，当前余额 60');
    expect(screen.getByTestId('wallet-balance').textContent).toBe('60');
    expect(context.store.get(userInfoAtom)?.balance).toBe(60);
    expect(screen.getByTestId('order-item').getAttribute('data-state')).toBe('paid');

    const after = polls();
    await advance(10_000);
    expect(polls()).toBe(after);
  });

  it('a failed creation is retried with the same key; another package starts a new attempt', async () => {
    let answer: unknown = new ApiError(null, '');
    const context = walletContext({ pay: () => answer });
    renderRemotePage(routes, 'member', { type: '1' }, context);
    await choose(/¥6\.00/);
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await waitFor(() => expect(screen.getByTestId('recharge-state').getAttribute('data-state')).toBe('createFailed'));
    expect(screen.getByTestId('recharge-state').textContent).toBe('创建订单失败，请重试');

    answer = refused('充值套餐不存在');
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await waitFor(() => expect(screen.getByTestId('recharge-state').textContent).toBe('充值套餐不存在'));
    await choose(/¥498\.00/);
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await waitFor(() => expect(context.callsTo(MEMBER_PATHS.payUrl)).toHaveLength(3));
    const keys = context.callsTo(MEMBER_PATHS.payUrl).map((call) => call.headers?.['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(opened).toEqual([]);
  });

  it('a cancelled order says so, and the next 去支付 is a new attempt', async () => {
    let state: Order['state'] = 'pending';
    const context = walletContext({ orders: () => [order(state)] });
    renderRemotePage(routes, 'member', { type: '1' }, context);
    await choose(/¥6\.00/);
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await advance(0);
    // Pressing 去支付 again while the order waits: the same attempt, the same order.
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await advance(0);
    state = 'cancelled';
    await advance(2_000);
    expect(screen.getByTestId('recharge-state').getAttribute('data-state')).toBe('cancelled');
    expect(screen.getByTestId('recharge-state').textContent).toBe('已取消支付，可重新选择套餐支付。');
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await advance(0);
    const keys = context.callsTo(MEMBER_PATHS.payUrl).map((call) => call.headers?.['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('gives up after the order expires; a failed read keeps polling', async () => {
    let fail = false;
    const context = walletContext({
      pay: () => payUrl({ expires_at: new Date(NOW + 5_000).toISOString() }),
      orders: () => {
        if (fail) throw new ApiError(null, '');
        return [order('pending')];
      },
    });
    renderRemotePage(routes, 'member', { type: '1' }, context);
    await choose(/¥6\.00/);
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await advance(0);
    fail = true;
    await advance(4_000);
    expect(screen.getByTestId('recharge-state').getAttribute('data-state')).toBe('pending');
    fail = false;
    await advance(4_000);
    expect(screen.getByTestId('recharge-state').getAttribute('data-state')).toBe('expired');
    expect(screen.getByTestId('recharge-state').textContent).toBe('订单已过期，可重新选择套餐支付。');
    const polls = context.callsTo(MEMBER_PATHS.orders).length;
    await advance(10_000);
    expect(context.callsTo(MEMBER_PATHS.orders).length).toBe(polls);
  });

  it('stops polling when the page goes away', async () => {
    const context = walletContext({ orders: () => [order('pending')] });
    const view = renderRemotePage(routes, 'member', { type: '1' }, context);
    await choose(/¥6\.00/);
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await advance(2_000);
    const polls = context.callsTo(MEMBER_PATHS.orders).length;
    view.unmount();
    await advance(10_000);
    expect(context.callsTo(MEMBER_PATHS.orders).length).toBe(polls);
  });
});

describe('recharge helpers', () => {
  it('formats fen as yuan, keys match the header pattern and are fresh, the deadline is the expiry plus a poll', () => {
    expect(formatYuan(600)).toBe('¥6.00');
    expect(formatYuan(49_805)).toBe('¥498.05');
    expect(formatYuan(5)).toBe('¥0.05');
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(pollDeadline('2026-11-25T00:30:00.000Z', NOW)).toBe(NOW + 30 * 60_000 + 2_000);
    // A page clock ahead of the server's still asks once before giving up.
    expect(pollDeadline('2026-11-24T00:00:00.000Z', NOW)).toBe(NOW + 4_000);
  });

  it('keys without crypto.randomUUID (plain http) are UUIDs too', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

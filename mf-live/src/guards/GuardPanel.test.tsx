import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, userInfoAtom, type MyGuard } from '@sports/shared';
import { liveContext, logIn, MEMBER, renderInRemote } from '../testing/fixtures';
import { GUARD_PATHS } from './guardApi';
import { GuardPanel } from './GuardPanel';
import { TIERS } from '../testing/guards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const result = (params: Record<string, unknown>, balance: number) => ({
  purchase_id: 1,
  guard_id: params.guard_id,
  months: params.months,
  kind: 'buy',
  price: 100,
  credit: 0,
  coins: 100,
  expires_at: '2026-12-25T00:00:00.000Z',
  balance,
  created_at: '2026-11-25T00:00:00.000Z',
});

function panelContext(buy: unknown) {
  return liveContext({ [GUARD_PATHS.tiers]: TIERS, [GUARD_PATHS.buy]: buy });
}
const buyButton = () => screen.getByTestId('guard-buy') as HTMLButtonElement;

describe('guard panel', () => {
  it('lists the tiers (price per month, privileges); months 1–12 and the total; 开通守护 sends a fresh Idempotency-Key per attempt and shows the new balance', async () => {
    const context = panelContext((params: Record<string, unknown>) => result(params, 700));
    logIn(context, { ...MEMBER, balance: 1000 });
    let bought = 0;
    renderInRemote(context, <GuardPanel context={context} roomId={7} mine={null} onBought={() => (bought += 1)} />);
    const silver = await screen.findByText('白银守护');
    expect(screen.getAllByTestId('guard-option')).toHaveLength(3);
    const option = screen.getAllByTestId('guard-option')[1] as HTMLElement;
    expect(within(option).getByText('500 金币/月')).toBeTruthy();
    expect(within(option).getByText('专属守护徽章 · 进场提示 · 守护榜优先展示')).toBeTruthy();
    expect(buyButton().disabled).toBe(true);
    const months = screen.getByTestId('guard-months') as HTMLSelectElement;
    expect([...months.options].map((item) => item.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    fireEvent.click(silver);
    fireEvent.change(months, { target: { value: '3' } });
    expect(screen.getByTestId('guard-total').textContent).toBe('共 1500 金币');
    expect(buyButton().textContent).toBe('开通守护');
    fireEvent.click(buyButton());
    await waitFor(() => expect(screen.getByTestId('guard-balance').textContent).toBe('余额 700'));
    expect(context.store.get(userInfoAtom)?.balance).toBe(700);
    expect(bought).toBe(1);
    fireEvent.click(buyButton());
    await waitFor(() => expect(context.callsTo(GUARD_PATHS.buy)).toHaveLength(2));
    const [first, second] = context.callsTo(GUARD_PATHS.buy);
    expect(first?.params).toEqual({ room_id: 7, guard_id: 2, months: 3 });
    expect(first?.headers?.['Idempotency-Key']).toMatch(UUID);
    expect(second?.headers?.['Idempotency-Key']).not.toBe(first?.headers?.['Idempotency-Key']);
  });

  it('no answer: 重试 sends the same attempt with the same key', async () => {
    let failNext = true;
    const context = panelContext((params: Record<string, unknown>) => {
      if (failNext) {
        failNext = false;
        return new ApiError(null, '');
      }
      return result(params, 210);
    });
    logIn(context, { ...MEMBER, balance: 310 });
    renderInRemote(context, <GuardPanel context={context} roomId={7} mine={null} />);
    fireEvent.click(await screen.findByText('青铜守护'));
    fireEvent.click(buyButton());
    expect((await screen.findByTestId('guard-error')).textContent).toContain('网络异常，开通结果未知');
    fireEvent.click(screen.getByTestId('guard-retry'));
    await waitFor(() => expect(screen.getByTestId('guard-balance').textContent).toBe('余额 210'));
    const [first, retry] = context.callsTo(GUARD_PATHS.buy);
    expect(retry?.headers?.['Idempotency-Key']).toBe(first?.headers?.['Idempotency-Key']);
    expect(retry?.params).toEqual(first?.params);
    expect(screen.queryByTestId('guard-error')).toBeNull();
  });

  it('too little balance: the server\'s message with the way to recharge', async () => {
    const context = panelContext(new ApiError(500, '余额不足，请先充值', null, 'WALLET_INSUFFICIENT_BALANCE'));
    logIn(context, MEMBER);
    renderInRemote(context, <GuardPanel context={context} roomId={7} mine={null} />);
    fireEvent.click(await screen.findByText('黄金守护'));
    fireEvent.click(buyButton());
    const error = await screen.findByTestId('guard-error');
    expect(error.textContent).toContain('余额不足，请先充值');
    expect(within(error).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('#/member?type=1&isRecharge=true');
    expect(context.store.get(userInfoAtom)?.balance).toBe(0);
  });

  it('with a guard: the same tier renews, a higher one upgrades (credit noted), a lower one is not offered until expiry', async () => {
    const mine: MyGuard = { guard_id: 2, level: 2, guard_name: '白银守护', expires_at: '2026-12-24T16:30:00.000Z' };
    const context = panelContext(null);
    logIn(context, MEMBER);
    renderInRemote(context, <GuardPanel context={context} roomId={7} mine={mine} />);
    expect((await screen.findByTestId('guard-mine')).textContent).toBe('您是本直播间的白银守护，有效期至 2026-12-25');
    fireEvent.click(await screen.findByText('白银守护', { selector: '.name' }));
    expect(buyButton().textContent).toBe('续费守护');
    fireEvent.click(screen.getByText('黄金守护'));
    expect(buyButton().textContent).toBe('升级守护');
    expect(screen.getByText('升级将抵扣当前守护的剩余价值，实际扣除以结果为准')).toBeTruthy();
    fireEvent.click(screen.getByText('青铜守护'));
    expect(buyButton().disabled).toBe(true);
    expect(screen.getByTestId('guard-lower').textContent).toBe('您当前的守护等级更高，到期后才能开通较低等级的守护');
  });

  it('a visitor is asked to log in and nothing is sent', async () => {
    const context = panelContext(null);
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderInRemote(context, <GuardPanel context={context} roomId={7} mine={null} />);
    fireEvent.click(await screen.findByText('青铜守护'));
    expect(screen.queryByTestId('guard-balance')).toBeNull();
    act(() => fireEvent.click(buyButton()));
    expect(opened).toHaveLength(1);
    expect(context.callsTo(GUARD_PATHS.buy)).toHaveLength(0);
  });
});

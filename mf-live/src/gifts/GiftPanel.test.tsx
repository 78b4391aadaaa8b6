import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, userInfoAtom } from '@sports/shared';
import { LIVE_PATHS } from '../api/liveApi';
import { liveContext, logIn, MEMBER, renderInRemote } from '../testing/fixtures';
import { CATALOGUE } from '../testing/gifts';
import { GiftPanel } from './GiftPanel';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function panelContext(handsel: unknown) {
  const context = liveContext({ [LIVE_PATHS.giftList]: CATALOGUE, [LIVE_PATHS.handselGift]: handsel });
  return context;
}

const option = (name: string) => screen.getAllByTestId('gift-option').find((button) => button.textContent?.includes(name)) as HTMLElement;
const sendButton = () => screen.getByTestId('gift-send') as HTMLButtonElement;

describe('gift panel', () => {
  it('lists the catalogue (icon, name, price); presets and a typed count; 赠送 sends with a fresh Idempotency-Key and shows the new balance, also in the shared user', async () => {
    const context = panelContext((params: Record<string, unknown>) => ({ record_id: 9, gift_id: params.gift_id, count: params.count, coins: 10 * Number(params.count), balance: 340, created_at: '2026-11-25T00:00:00.000Z' }));
    logIn(context, { ...MEMBER, balance: 1000 });
    renderInRemote(context, <GiftPanel context={context} roomId={7} />);
    const football = await screen.findByText('足球');
    expect(screen.getAllByTestId('gift-option')).toHaveLength(3);
    expect(within(option('足球')).getByText('10 金币')).toBeTruthy();
    expect(option('足球').querySelector('img')?.getAttribute('src')).toBe('/static/gifts/football.svg');
    expect(screen.getByTestId('gift-balance').textContent).toBe('余额 1000');
    expect(sendButton().disabled).toBe(true);

    fireEvent.click(football);
    fireEvent.click(screen.getByRole('button', { name: '66 个' }));
    expect((screen.getByTestId('gift-count') as HTMLInputElement).value).toBe('66');
    expect(screen.getByText('共 660 金币')).toBeTruthy();
    fireEvent.click(sendButton());
    await waitFor(() => expect(screen.getByTestId('gift-balance').textContent).toBe('余额 340'));
    const [first] = context.callsTo(LIVE_PATHS.handselGift);
    expect(first?.params).toEqual({ room_id: 7, gift_id: 3, count: 66 });
    expect(first?.headers?.['Idempotency-Key']).toMatch(UUID);
    expect(context.store.get(userInfoAtom)).toEqual({ ...MEMBER, balance: 340 });

    // Typed: 1–999 only; another send is another attempt with another key.
    fireEvent.change(screen.getByTestId('gift-count'), { target: { value: '1000' } });
    expect(screen.getByRole('alert').textContent).toBe('数量为 1–999 的整数');
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('gift-count'), { target: { value: '7' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.handselGift)).toHaveLength(2));
    const second = context.callsTo(LIVE_PATHS.handselGift)[1];
    expect(second?.params).toEqual({ room_id: 7, gift_id: 3, count: 7 });
    expect(second?.headers?.['Idempotency-Key']).not.toBe(first?.headers?.['Idempotency-Key']);
  });

  it('no answer: 重试 sends the same attempt with the same key', async () => {
    let failNext = true;
    const context = panelContext(() => {
      if (failNext) {
        failNext = false;
        return new ApiError(null, '');
      }
      return { record_id: 9, gift_id: 1, count: 1, coins: 1, balance: 99, created_at: '2026-11-25T00:00:00.000Z' };
    });
    logIn(context, { ...MEMBER, balance: 100 });
    renderInRemote(context, <GiftPanel context={context} roomId={7} />);
    fireEvent.click(await screen.findByText('鲜花'));
    fireEvent.click(sendButton());
    expect((await screen.findByTestId('gift-error')).textContent).toContain('网络异常，赠送结果未知');
    fireEvent.click(screen.getByTestId('gift-retry'));
    await waitFor(() => expect(screen.getByTestId('gift-balance').textContent).toBe('余额 99'));
    const [first, retry] = context.callsTo(LIVE_PATHS.handselGift);
    expect(retry?.headers?.['Idempotency-Key']).toBe(first?.headers?.['Idempotency-Key']);
    expect(retry?.params).toEqual(first?.params);
    expect(screen.queryByTestId('gift-error')).toBeNull();
  });

  it('too little balance: the server\'s message with a link to recharge', async () => {
    const context = panelContext(new ApiError(500, '余额不足，请先充值', null, 'WALLET_INSUFFICIENT_BALANCE'));
    logIn(context, MEMBER);
    renderInRemote(context, <GiftPanel context={context} roomId={7} />);
    fireEvent.click(await screen.findByText('火箭'));
    fireEvent.click(sendButton());
    const error = await screen.findByTestId('gift-error');
    expect(error.textContent).toContain('余额不足，请先充值');
    expect(within(error).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('#/member?type=1&isRecharge=true');
    expect(context.store.get(userInfoAtom)?.balance).toBe(0);
  });

  it('a visitor is asked to log in and nothing is sent', async () => {
    const context = panelContext(null);
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderInRemote(context, <GiftPanel context={context} roomId={7} />);
    fireEvent.click(await screen.findByText('鲜花'));
    expect(screen.queryByTestId('gift-balance')).toBeNull();
    act(() => fireEvent.click(sendButton()));
    expect(opened).toHaveLength(1);
    expect(context.callsTo(LIVE_PATHS.handselGift)).toHaveLength(0);
  });
});

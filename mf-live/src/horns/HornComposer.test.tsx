import '../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, userInfoAtom } from '@sports/shared';
import { liveContext, logIn, MEMBER, renderInRemote } from '../testing/fixtures';
import { HornComposer } from './HornComposer';
import { HORN_PATHS } from './hornsApi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LIST = { list: [], next_cursor: null, price: 100 };
const RESULT = (balance: number) => ({ horn: { id: 1, user_id: 501, user_nickname: '球迷小王', avatar: '', level: 1, text: 'hi', coins: 100, created_at: '2026-11-25T00:00:00.000Z' }, balance });

const type = (text: string) => fireEvent.change(screen.getByTestId('horn-input'), { target: { value: text } });
const sendButton = () => screen.getByTestId('horn-send') as HTMLButtonElement;

describe('horn composer', () => {
  it('shows the price; 发送喇叭 sends the text with a fresh Idempotency-Key and shows the new balance at once, also in the shared user', async () => {
    const context = liveContext({ [HORN_PATHS.hornList]: LIST, [HORN_PATHS.sneHorn]: () => RESULT(900) });
    logIn(context, { ...MEMBER, balance: 1000 });
    renderInRemote(context, <HornComposer context={context} />);
    expect((await screen.findByTestId('horn-price')).textContent).toBe('100 金币 / 条');
    expect(screen.getByTestId('horn-balance').textContent).toBe('余额 1000');
    expect(sendButton().disabled).toBe(true);
    type('全场加油');
    fireEvent.click(sendButton());
    await waitFor(() => expect(screen.getByTestId('horn-balance').textContent).toBe('余额 900'));
    expect(context.store.get(userInfoAtom)?.balance).toBe(900);
    const [call] = context.callsTo(HORN_PATHS.sneHorn);
    expect(call?.params).toEqual({ text: '全场加油' });
    expect(call?.headers?.['Idempotency-Key']).toMatch(UUID);
    expect((screen.getByTestId('horn-input') as HTMLInputElement).value).toBe('');
  });

  it("too little balance: the server's message with a link to recharge; the balance stays", async () => {
    const context = liveContext({ [HORN_PATHS.hornList]: LIST, [HORN_PATHS.sneHorn]: new ApiError(500, '余额不足，请先充值', null, 'WALLET_INSUFFICIENT_BALANCE') });
    logIn(context, { ...MEMBER, balance: 5 });
    renderInRemote(context, <HornComposer context={context} />);
    type('没钱也想喊');
    fireEvent.click(sendButton());
    const error = await screen.findByTestId('horn-error');
    expect(error.textContent).toContain('余额不足，请先充值');
    expect(within(error).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('#/member?type=1&isRecharge=true');
    expect(context.store.get(userInfoAtom)?.balance).toBe(5);
    expect((screen.getByTestId('horn-input') as HTMLInputElement).value).toBe('没钱也想喊');
  });

  it('no answer: 重试 sends the same attempt with the same key', async () => {
    let failNext = true;
    const context = liveContext({
      [HORN_PATHS.hornList]: LIST,
      [HORN_PATHS.sneHorn]: () => {
        if (!failNext) return RESULT(0);
        failNext = false;
        return new ApiError(null, '');
      },
    });
    logIn(context, { ...MEMBER, balance: 100 });
    renderInRemote(context, <HornComposer context={context} />);
    type('重要通知');
    fireEvent.click(sendButton());
    expect((await screen.findByTestId('horn-error')).textContent).toContain('网络异常，发送结果未知');
    fireEvent.click(screen.getByTestId('horn-retry'));
    await waitFor(() => expect(screen.getByTestId('horn-balance').textContent).toBe('余额 0'));
    const [first, retry] = context.callsTo(HORN_PATHS.sneHorn);
    expect(retry?.headers?.['Idempotency-Key']).toBe(first?.headers?.['Idempotency-Key']);
    expect(retry?.params).toEqual({ text: '重要通知' });
  });

  it('a visitor is asked to log in and nothing is sent', async () => {
    const context = liveContext({ [HORN_PATHS.hornList]: LIST });
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderInRemote(context, <HornComposer context={context} />);
    await screen.findByTestId('horn-price');
    type('游客');
    fireEvent.click(sendButton());
    expect(opened).toHaveLength(1);
    expect(context.callsTo(HORN_PATHS.sneHorn)).toHaveLength(0);
  });
});

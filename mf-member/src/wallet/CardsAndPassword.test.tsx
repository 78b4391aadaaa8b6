import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRemotePage } from '@sports/shared/testing';
import { WALLET_PATHS } from '../api/walletApi';
import { routes } from '../routes';
import { ANCHOR, refused } from '../testing/fixtures';
import { CARD, walletContext, walletInfo } from './walletFixtures';

afterEach(() => vi.useRealTimers());

describe('银行卡', () => {
  it('needs real-name verification first', async () => {
    renderRemotePage(routes, 'member', { type: '3', tab: 'cards' }, walletContext(ANCHOR, { [WALLET_PATHS.info]: walletInfo({ is_verified: 0 }) }));
    expect((await screen.findByTestId('cards-need-verified')).textContent).toContain('绑定收款账户前需完成实名认证。');
  });

  it('binds a card: a Luhn failure is caught before any call; the number goes without spaces; the server refusal shows; the bound card shows masked', async () => {
    let answer: unknown = refused('收款人姓名与实名认证的姓名不一致', 'WALLET_PAYOUT_HOLDER_MISMATCH');
    const context = walletContext(ANCHOR, { [WALLET_PATHS.info]: walletInfo({ bank_card_bound: 0 }), [WALLET_PATHS.card]: null, [WALLET_PATHS.bindCard]: () => answer });
    renderRemotePage(routes, 'member', { type: '3', tab: 'cards' }, context);
    expect((await screen.findByTestId('bank-card-none')).textContent).toBe('还没有绑定银行卡');
    const form = screen.getByTestId('bank-card-form');
    fireEvent.change(within(form).getByLabelText('银行卡号'), { target: { value: '6222 0200 0000 0008' } });
    fireEvent.change(within(form).getByLabelText('开户银行'), { target: { value: '招商银行' } });
    fireEvent.change(within(form).getByLabelText('持卡人姓名'), { target: { value: '王五' } });
    fireEvent.click(within(form).getByTestId('card-bind'));
    expect((await within(form).findByRole('alert')).textContent).toBe('银行卡号校验不通过，请检查是否输错');
    expect(context.callsTo(WALLET_PATHS.bindCard)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('银行卡号'), { target: { value: '6222 0200 0000 0007' } });
    fireEvent.click(within(form).getByTestId('card-bind'));
    expect((await within(form).findByTestId('card-error')).textContent).toBe('收款人姓名与实名认证的姓名不一致');
    // POST with a body: the card number and the holder never travel in a URL.
    expect(context.callsTo(WALLET_PATHS.bindCard)[0]).toMatchObject({ method: 'POST', params: { card_number: '6222020000000007', bank_name: '招商银行', holder: '王五' } });

    answer = CARD;
    fireEvent.change(within(form).getByLabelText('持卡人姓名'), { target: { value: '张三' } });
    fireEvent.click(within(form).getByTestId('card-bind'));
    expect((await screen.findByTestId('bank-card')).textContent).toBe('招商银行 **** **** **** 0007（持卡人 张*）');
    expect(screen.getByText('银行卡已绑定')).toBeTruthy();
    expect(screen.queryByTestId('bank-card-form')).toBeNull();
    expect(screen.getByTestId('bank-card-replace')).toBeTruthy();
  });

  it('binds Alipay: a mobile number or an email, checked first', async () => {
    const context = walletContext(ANCHOR, { [WALLET_PATHS.bindAliPay]: { account: '138****8000', holder: '张*', bound_at: '2026-11-25T01:00:00.000Z' } });
    renderRemotePage(routes, 'member', { type: '3', tab: 'cards' }, context);
    const form = await screen.findByTestId('alipay-form');
    fireEvent.change(within(form).getByLabelText('支付宝账号'), { target: { value: '12345' } });
    fireEvent.change(within(form).getByLabelText('持卡人姓名'), { target: { value: '张三' } });
    fireEvent.click(within(form).getByTestId('alipay-bind'));
    expect((await within(form).findByRole('alert')).textContent).toBe('请填写正确的手机号或邮箱');
    fireEvent.change(within(form).getByLabelText('支付宝账号'), { target: { value: '13800138000' } });
    fireEvent.click(within(form).getByTestId('alipay-bind'));
    expect((await screen.findByTestId('alipay-info')).textContent).toBe('138****8000（实名 张*）');
    expect(context.callsTo(WALLET_PATHS.bindAliPay)[0]).toMatchObject({ method: 'POST', params: { account: '13800138000', holder: '张三' } });
  });
});

describe('支付密码', () => {
  it('sets it: 6 digits typed twice, no code asked', async () => {
    let set = 0 as 0 | 1;
    const context = walletContext(ANCHOR, {
      [WALLET_PATHS.info]: () => walletInfo({ payment_password_set: set }),
      [WALLET_PATHS.paymentPassword]: () => {
        set = 1;
        return { payment_password_set: 1, changed: 0 };
      },
    });
    renderRemotePage(routes, 'member', { type: '3', tab: 'password' }, context);
    expect((await screen.findByTestId('payment-password-state')).textContent).toBe('尚未设置支付密码');
    expect(screen.queryByLabelText('短信验证码')).toBeNull();
    fireEvent.change(screen.getByLabelText('新支付密码（6 位数字）'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('payment-password-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('支付密码须为 6 位数字');
    fireEvent.change(screen.getByLabelText('新支付密码（6 位数字）'), { target: { value: '482913' } });
    fireEvent.change(screen.getByLabelText('再次输入'), { target: { value: '482914' } });
    fireEvent.click(screen.getByTestId('payment-password-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('两次输入不一致');
    expect(context.callsTo(WALLET_PATHS.paymentPassword)).toEqual([]);
    fireEvent.change(screen.getByLabelText('再次输入'), { target: { value: '482913' } });
    fireEvent.click(screen.getByTestId('payment-password-save'));
    expect((await screen.findByTestId('payment-password-saved')).textContent).toBe('支付密码已设置');
    expect(context.callsTo(WALLET_PATHS.paymentPassword)[0]?.params).toEqual({ password: '482913' });
    await waitFor(() => expect(screen.getByTestId('payment-password-state').textContent).toBe('已设置支付密码'));
  });

  it('changes it with an SMS code; the code button waits 60 s before another', async () => {
    const context = walletContext(ANCHOR, {
      [WALLET_PATHS.paymentPasswordCode]: { resendAfterSeconds: 60 },
      [WALLET_PATHS.paymentPassword]: { payment_password_set: 1, changed: 1 },
    });
    renderRemotePage(routes, 'member', { type: '3', tab: 'password' }, context);
    const send = await screen.findByTestId('payment-code-send');
    fireEvent.change(screen.getByLabelText('新支付密码（6 位数字）'), { target: { value: '111222' } });
    fireEvent.change(screen.getByLabelText('再次输入'), { target: { value: '111222' } });
    fireEvent.click(screen.getByTestId('payment-password-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入 6 位短信验证码');

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(send);
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(send.textContent).toBe('60 秒后重发');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await act(async () => void (await vi.advanceTimersByTimeAsync(59_000)));
    expect(send.textContent).toBe('1 秒后重发');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    expect(send.textContent).toBe('获取验证码');
    expect((send as HTMLButtonElement).disabled).toBe(false);
    vi.useRealTimers();

    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('payment-password-save'));
    expect((await screen.findByTestId('payment-password-saved')).textContent).toBe('支付密码已修改');
    expect(context.callsTo(WALLET_PATHS.paymentPassword)[0]?.params).toEqual({ password: '111222', code: '654321' });
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NotifySettingsAnswer } from '@sports/shared';
import { renderWithHost, TEST_USER } from '../layout/testing/renderWithHost';
import { MessagesPage } from './MessagesPage';
import { NotifySettingsPanel } from './NotifySettingsPanel';
import { applicationServerKey, browserNotifySupport } from './webPush';

const ALL_ON: NotifySettingsAnswer = { settings: { goals: true, red_cards: true, match_status: true, anchor_live: true, system: true }, vapid_public_key: 'BAECAw', push_subscriptions: 0 };
const SUBSCRIPTION = { endpoint: 'https://push.example.com/1', keys: { p256dh: 'p', auth: 'a' } };

describe('通知设置', () => {
  it('is reached from the message centre; each switch is saved on its own and the page says so', async () => {
    const { post } = renderWithHost(<MessagesPage />, {
      userInfo: TEST_USER,
      path: '/messages',
      answers: {
        get: { 'api/Message/list': { list: [], next_cursor: null }, 'api/Notify/settings': ALL_ON },
        post: { 'api/Notify/settings': (body: { goals?: boolean }) => ({ ...ALL_ON, settings: { ...ALL_ON.settings, ...body } }) },
      },
    });
    fireEvent.click(await screen.findByTestId('message-settings-open'));
    const goals = await screen.findByRole('switch', { name: '关注球队、赛事的进球' });
    expect(screen.getAllByRole('switch').map((element) => element.getAttribute('aria-checked') ?? (element as HTMLInputElement).checked)).toEqual([true, true, true, true, true]);
    fireEvent.click(goals);
    expect(post).toHaveBeenCalledWith('api/Notify/settings', { goals: false });
    await waitFor(() => expect(screen.getByTestId('notify-note').textContent).toBe('已保存'));
    expect((screen.getByRole('switch', { name: '关注球队、赛事的进球' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByTestId('message-settings-back'));
    expect(await screen.findByTestId('message-empty')).toBeTruthy();
  });

  it('asks the browser permission only from its button, then subscribes to Web Push and sends the subscription', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    const subscribe = vi.fn(async () => SUBSCRIPTION);
    vi.stubGlobal('Notification', { permission: 'default' });
    const { post } = renderWithHost(<NotifySettingsPanel support={{ notifications: true, push: true }} requestPermission={requestPermission} subscribe={subscribe} />, {
      userInfo: TEST_USER,
      answers: { get: { 'api/Notify/settings': ALL_ON }, post: { 'api/Notify/subscribe': { push_subscriptions: 1 } } },
    });
    await screen.findByTestId('notify-settings');
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('notify-enable'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/Notify/subscribe', SUBSCRIPTION));
    expect(subscribe).toHaveBeenCalledWith('BAECAw');
    expect(await screen.findByTestId('notify-push-on')).toHaveProperty('textContent', '网页推送已开启：网站关闭时也能收到提醒');
    vi.unstubAllGlobals();
  });

  it('says when the browser cannot: no Notification API, or no Web Push', async () => {
    renderWithHost(<NotifySettingsPanel support={{ notifications: false, push: false }} />, { userInfo: TEST_USER, answers: { get: { 'api/Notify/settings': ALL_ON } } });
    expect(await screen.findByText('当前浏览器不支持系统通知')).toBeTruthy();
    expect(browserNotifySupport({} as typeof globalThis)).toEqual({ notifications: false, push: false });
    expect(Array.from(applicationServerKey('BAECAw'))).toEqual([4, 1, 2, 3]);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { systemConfigAtom, userInfoAtom, type SystemConfig } from '@sports/shared';
import { AccountArea } from '../layout/AccountArea';
import { renderWithHost, TEST_USER } from '../layout/testing/renderWithHost';
import { UnreadWatch } from './UnreadWatch';
import { UnreadWatchSlot } from './UnreadWatchSlot';

// The push's connection is the chat client (unreadPush.ts; the journey runs it for real): here
// only what the watch does with it, through the callback it hands over.
const push = vi.hoisted(() => ({ onNotice: null as (() => void) | null, onAlertMessage: null as (() => void) | null, stopped: 0, started: 0 }));
vi.mock('./unreadPush', () => ({
  startUnreadPush: (_api: unknown, _im: unknown, handlers: { onNotice: () => void; onAlertMessage: () => void }) => {
    push.started += 1;
    push.onNotice = handlers.onNotice;
    push.onAlertMessage = handlers.onAlertMessage;
    return () => {
      push.stopped += 1;
    };
  },
}));

const CONFIG = { im: { provider: 'builtin', socketPath: '/ws/chat' } } as unknown as SystemConfig;

describe('UnreadWatch', () => {
  beforeEach(() => {
    push.onNotice = null;
    push.onAlertMessage = null;
    push.started = 0;
    push.stopped = 0;
  });

  it("App's slot: a visitor's page reads nothing; a member's fetches the watch, which reads the count and starts the push", async () => {
    const { envelope, store } = renderWithHost(<UnreadWatchSlot />, {
      userInfo: null,
      answers: { envelope: { 'api/Message/unreadCount': () => ({ code: 200, msg: '', data: { total: 1, system: 1, interaction: 0, match: 0 } }) } },
    });
    act(() => store.set(systemConfigAtom, CONFIG));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(envelope).not.toHaveBeenCalled();
    expect(push.started).toBe(0);
    act(() => store.set(userInfoAtom, TEST_USER));
    await waitFor(() => expect(push.started).toBe(1));
    expect(envelope).toHaveBeenCalledTimes(1);
  });

  it('reads the count on sign-in, on focus and on each pushed notice, never on a timer; signed out: no badge, no push', async () => {
    let total = 3;
    const { envelope, store } = renderWithHost(
      <>
        <AccountArea />
        <UnreadWatch />
      </>,
      { userInfo: TEST_USER, answers: { envelope: { 'api/Message/unreadCount': () => (total < 0 ? { code: 700, msg: '请登录后操作', data: null } : { code: 200, msg: '', data: { total, system: total, interaction: 0, match: 0 } }) } } },
    );
    await waitFor(() => expect(screen.getByTestId('message-unread-badge').textContent).toBe('3'));
    expect(envelope).toHaveBeenCalledTimes(1);
    act(() => store.set(systemConfigAtom, CONFIG));
    expect(push.started).toBe(1);

    total = 4;
    act(() => push.onNotice?.());
    await waitFor(() => expect(screen.getByTestId('message-unread-badge').textContent).toBe('4'));
    total = 120;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByTestId('message-unread-badge').textContent).toBe('99+'));
    expect(envelope).toHaveBeenCalledTimes(3);

    // An ended session: this background read shows nothing (no toast, no login prompt); the badge keeps its last count.
    total = -1;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(envelope).toHaveBeenCalledTimes(4);
    act(() => store.set(userInfoAtom, null));
    expect(push.stopped).toBe(1);
    expect(screen.queryByTestId('message-unread-badge')).toBeNull();
  });
});

describe('a fan alert counts its 赛事 message', () => {
  it('each new alert adds one to the badge at once, with no read of the count (the server sends no other notice for it); focus reads the truth again', async () => {
    let match = 0;
    const { envelope, store } = renderWithHost(
      <>
        <AccountArea />
        <UnreadWatch />
      </>,
      { userInfo: TEST_USER, answers: { envelope: { 'api/Message/unreadCount': () => ({ code: 200, msg: '', data: { total: 2 + match, system: 2, interaction: 0, match } }) } } },
    );
    await waitFor(() => expect(screen.getByTestId('message-unread-badge').textContent).toBe('2'));
    act(() => store.set(systemConfigAtom, CONFIG));
    act(() => push.onAlertMessage?.());
    act(() => push.onAlertMessage?.());
    expect(screen.getByTestId('message-unread-badge').textContent).toBe('4');
    expect(envelope).toHaveBeenCalledTimes(1);
    match = 1;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByTestId('message-unread-badge').textContent).toBe('3'));
  });
});

describe('系统通知 as a system notification', () => {
  it('a pushed notice raising 系统通知 in a background tab, permission granted and the switch on: one notification; the same count again: none', async () => {
    const shown: { title: string; options: NotificationOptions }[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(title: string, options: NotificationOptions) {
          shown.push({ title, options });
        }
      },
    );
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    let system = 1;
    const switchOn = true;
    const { store } = renderWithHost(<UnreadWatch />, {
      userInfo: TEST_USER,
      answers: {
        envelope: {
          'api/Message/unreadCount': () => ({ code: 200, msg: '', data: { total: system, system, interaction: 0, match: 0 } }),
          'api/Notify/settings': () => ({ code: 200, msg: '', data: { settings: { goals: true, red_cards: true, match_status: true, anchor_live: true, system: switchOn }, vapid_public_key: 'k', push_subscriptions: 0 } }),
        },
      },
    });
    act(() => store.set(systemConfigAtom, CONFIG));
    await waitFor(() => expect(push.onNotice).not.toBeNull());
    // The page's first read shows nothing; a pushed notice with one more 系统通知 does.
    await new Promise((resolve) => setTimeout(resolve, 20));
    system = 2;
    act(() => push.onNotice?.());
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toEqual({ title: '消息中心', options: { body: '你有新的系统通知，请到消息中心查看', tag: 'system-messages', data: { link: '#/messages' } } });
    // The same count again (an interaction, a match message): nothing.
    act(() => push.onNotice?.());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown).toHaveLength(1);
    visibility.mockRestore();
    vi.unstubAllGlobals();
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { systemConfigAtom, userInfoAtom, type SystemConfig } from '@sports/shared';
import { AccountArea } from '../layout/AccountArea';
import { renderWithHost, TEST_USER } from '../layout/testing/renderWithHost';
import { UnreadWatch } from './UnreadWatch';

// The push's connection is the chat client (unreadPush.ts; the journey runs it for real): here
// only what the watch does with it, through the callback it hands over.
const push = vi.hoisted(() => ({ onNotice: null as (() => void) | null, stopped: 0, started: 0 }));
vi.mock('./unreadPush', () => ({
  startUnreadPush: (_api: unknown, _im: unknown, onNotice: () => void) => {
    push.started += 1;
    push.onNotice = onNotice;
    return () => {
      push.stopped += 1;
    };
  },
}));

const CONFIG = { im: { provider: 'builtin', socketPath: '/ws/chat' } } as unknown as SystemConfig;

describe('UnreadWatch', () => {
  beforeEach(() => {
    push.onNotice = null;
    push.started = 0;
    push.stopped = 0;
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

import { describe, expect, it } from 'vitest';
import { createEventBus, type PlatformEvents } from '../events/eventBus';
import { sharedMessages } from '../messages/zhCN';
import { userInfoAtom } from '../store/persistedAtoms';
import { createSportsStore } from '../store/createSportsStore';
import { LOGIN_WARNING_DURATION_MS, requireLogin } from './requireLogin';

function setup() {
  const store = createSportsStore();
  const eventBus = createEventBus();
  const events: { type: keyof PlatformEvents; payload: unknown }[] = [];
  eventBus.on('*', (type, payload) => events.push({ type, payload }));
  return { store, eventBus, events };
}

describe('requireLogin', () => {
  it('a visitor: warns 请登录后操作 for 3 s, opens the login modal and answers false', () => {
    const { store, eventBus, events } = setup();
    expect(requireLogin({ store, eventBus })).toBe(false);
    expect(events).toEqual([
      { type: 'toast', payload: { kind: 'warning', message: sharedMessages.loginRequired, durationMs: LOGIN_WARNING_DURATION_MS } },
      { type: 'login:open', payload: { mode: 'code' } },
    ]);
    expect(sharedMessages.loginRequired).toBe('请登录后操作');
    expect(LOGIN_WARNING_DURATION_MS).toBe(3_000);
  });

  it('a member: answers true and emits nothing', () => {
    const { store, eventBus, events } = setup();
    store.set(userInfoAtom, { user_nickname: '球迷小王', avatar: '', exp: 3, balance: 0, is_anchor: 0 });
    expect(requireLogin({ store, eventBus })).toBe(true);
    expect(events).toEqual([]);
  });
});

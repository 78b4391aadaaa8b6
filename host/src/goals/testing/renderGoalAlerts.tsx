import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { systemConfigAtom, type FanAlert, type SystemConfig } from '@sports/shared';
import { FakeLiveSocket } from '@sports/shared/testing';
import { renderWithHost, type HostTestOptions } from '../../layout/testing/renderWithHost';
import { publishFanAlert } from '../fanAlerts';
import { GoalAlerts } from '../GoalAlerts';

/** The system config the goal alerts' tests load: the live data on this site, the built-in chat. */
export const GOAL_ALERTS_CONFIG: SystemConfig = {
  siteTitle: '体育直播',
  siteTitleSuffix: ' - 体育直播',
  CountryCode: [],
  defaultCountryCode: '86',
  websocketUrl: '/ws/live-data',
  im: { provider: 'builtin', socketPath: '/ws/chat', guestNicknamePrefix: '游客' },
};

/**
 * `<GoalAlerts />` as App mounts it, for GoalAlerts.test.tsx and FanAlerts.test.tsx (call
 * `FakeLiveSocket.install()` first): the config loaded, its live-data socket open; `send` pushes
 * a live-data frame, `publish` a fan alert (as the chat or alert socket would); the whistle and
 * the browser notification are spies.
 */
export function renderGoalAlerts(options: HostTestOptions = {}) {
  const stopWhistle = vi.fn();
  const startWhistle = vi.fn(() => stopWhistle);
  const notify = vi.fn();
  const rendered = renderWithHost(<GoalAlerts startWhistle={startWhistle} notify={notify} />, options);
  act(() => rendered.store.set(systemConfigAtom, GOAL_ALERTS_CONFIG));
  const socket = FakeLiveSocket.latest();
  act(() => socket.open());
  const send = (frame: Parameters<FakeLiveSocket['receive']>[0]) => act(() => socket.receive(frame));
  const publish = (alert: FanAlert) => act(() => void publishFanAlert(alert));
  return { ...rendered, socket, send, publish, startWhistle, stopWhistle, notify };
}

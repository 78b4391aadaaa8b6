import { act, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { systemConfigAtom, type GoalData } from '@sports/shared';
import { FakeLiveSocket } from '@sports/shared/testing';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { GoalAlerts } from './GoalAlerts';
import * as goalAlertsView from './goalAlertsView';
import { createGoalAlertsViewLoader } from './loadGoalAlertsView';
import { GOAL_ALERTS_CONFIG } from './testing/renderGoalAlerts';

beforeEach(() => FakeLiveSocket.install());

const goal: { code: 100; type: 'goal'; seq: number; data: GoalData } = {
  code: 100,
  type: 'goal',
  seq: 1,
  data: { match_id: 7, iszhu: 1, match_str: "67'", home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', home_score: 2, away_score: 1 },
};

/** A view chunk that arrives when the test says, its Web Audio whistle a spy. */
function gatedView() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const stopSound = vi.fn();
  const startSound = vi.fn(() => stopSound);
  const importView = vi.fn(() => arrived.then(() => ({ ...goalAlertsView, createWebAudioWhistle: () => startSound })));
  return { loader: createGoalAlertsViewLoader(importView), importView, arrive, startSound, stopSound };
}

it('a goal that arrives before the popups\' chunk asks for it, and shows with its whistle once it is here', async () => {
  const view = gatedView();
  const rendered = renderWithHost(<GoalAlerts notify={() => undefined} viewLoader={view.loader} />);
  act(() => rendered.store.set(systemConfigAtom, GOAL_ALERTS_CONFIG));
  const socket = FakeLiveSocket.latest();
  act(() => socket.open());
  // No goal yet: nothing asked for, nothing on the page.
  expect(view.importView).not.toHaveBeenCalled();

  act(() => socket.receive(goal));
  // The listener took the goal and asked for the chunk once; nothing shown, no sound yet.
  expect(view.importView).toHaveBeenCalledTimes(1);
  expect(screen.queryByTestId('goal-alerts')).toBeNull();
  expect(view.startSound).not.toHaveBeenCalled();

  await act(async () => view.arrive());
  const popup = await screen.findByTestId('goal-popup');
  expect(popup.textContent).toContain('阿森纳2-1切尔西');
  expect(screen.getByTestId('goal-alerts').getAttribute('data-whistle')).toBe('playing');
  expect(view.startSound).toHaveBeenCalledTimes(1);
  expect(view.importView).toHaveBeenCalledTimes(1);
  rendered.unmount();
  expect(view.stopSound).toHaveBeenCalled();
});

it('a whistle stopped before the chunk arrives never sounds; once it is here, the whistle starts at once', async () => {
  const view = gatedView();
  const start = view.loader.whistle();
  start()();
  await act(async () => view.arrive());
  await view.loader.load();
  expect(view.startSound).not.toHaveBeenCalled();
  const stop = start();
  expect(view.startSound).toHaveBeenCalledTimes(1);
  stop();
  expect(view.stopSound).toHaveBeenCalledTimes(1);
});

it('a chunk that failed is asked for again', async () => {
  const importView = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(goalAlertsView);
  const loader = createGoalAlertsViewLoader(importView);
  await expect(loader.load()).rejects.toThrow('offline');
  await expect(loader.load()).resolves.toBe(goalAlertsView);
  expect(importView).toHaveBeenCalledTimes(2);
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { immediatelyAtom } from '@sports/shared';
import { FakeLiveSocket } from '@sports/shared/testing';
import { renderGoalAlerts } from './testing/renderGoalAlerts';
import { sampleFanAlert } from './testing/sampleFanAlert';
import { notifyInBrowser } from './browserNotify';
import { GoalAlerts } from './GoalAlerts';
import { goalAlertsViewLoader } from './loadGoalAlertsView';
import { GOAL_POPUP_DURATION_MS } from './useGoalPopups';

const fanAlert = sampleFanAlert;

const renderAlerts = () => renderGoalAlerts();

// The popups' chunk loaded first, as after the page's first goal (loadGoalAlertsView.test.tsx: before it).
beforeAll(() => goalAlertsViewLoader.load());
beforeEach(() => FakeLiveSocket.install());
afterEach(() => vi.useRealTimers());

describe('fan alerts (a followed team, league or anchor) in the site-wide popups', () => {
  it('a followed team\'s goal is a goal popup with the whistle; the same goal from the live data shows once', () => {
    const { publish, socket, startWhistle, notify } = renderAlerts();
    const alert = fanAlert();
    publish(alert);
    const popup = screen.getByTestId('goal-popup');
    expect(within(popup).getByText('进球！')).toBeTruthy();
    expect(within(popup).getByTestId('goal-minute').textContent).toBe("23'");
    expect(popup.textContent).toContain('阿森纳1-0切尔西');
    expect(startWhistle).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(alert);
    act(() => socket.receive({ code: 100, type: 'goal', seq: 1, data: { match_id: 7, iszhu: 1, match_str: "23'", home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', home_score: 1, away_score: 0 } }));
    expect(screen.getAllByTestId('goal-popup')).toHaveLength(1);
    // The same alert again (a second connection, a replay): nothing more.
    publish(alert);
    expect(screen.getAllByTestId('goal-popup')).toHaveLength(1);
  });

  it('red card (with the whistle), kick-off, full time and a followed anchor live each pop up with their link, and close', () => {
    const { publish, startWhistle } = renderAlerts();
    publish(fanAlert({ kind: 'red_card', title: '红牌！切尔西', side: 'away' }));
    expect(startWhistle).toHaveBeenCalledTimes(1);
    publish(fanAlert({ kind: 'kickoff', title: '比赛开始', body: '英超：阿森纳 vs 切尔西', side: null, minute: null }));
    publish(fanAlert({ kind: 'anchor_live', title: '关注的主播开播了', body: '球评老王：今晚英超', link: '#/live?id=12', match_id: null, room_id: 12, side: null }));
    expect(startWhistle).toHaveBeenCalledTimes(1);
    const shown = screen.getAllByTestId('fan-alert-popup');
    expect(shown.map((popup) => popup.getAttribute('data-kind'))).toEqual(['red_card', 'kickoff', 'anchor_live']);
    const live = shown[2]!;
    expect(within(live).getByText('关注的主播开播了')).toBeTruthy();
    expect(within(live).getByText('球评老王：今晚英超')).toBeTruthy();
    expect(within(live).getByRole('link', { name: '进入直播间' }).getAttribute('href')).toBe('#/live?id=12');
    expect(within(shown[0]!).getByRole('link', { name: '查看比赛' }).getAttribute('href')).toBe('#/score-detail?id=7');
    fireEvent.click(within(live).getByRole('button', { name: '关闭提醒：关注的主播开播了' }));
    expect(screen.getAllByTestId('fan-alert-popup')).toHaveLength(2);
  });

  it('obeys the score settings: value1 off shows no popup (the whistle still follows voice); popups close by themselves', () => {
    vi.useFakeTimers();
    const { publish, store, startWhistle } = renderAlerts();
    act(() => store.set(immediatelyAtom, { value1: false, value2: true, value3: false, value4: false }));
    publish(fanAlert({ home_score: 2 }));
    expect(screen.queryAllByTestId('goal-popup')).toHaveLength(0);
    expect(startWhistle).toHaveBeenCalled();
    act(() => store.set(immediatelyAtom, { value1: true, value2: true, value3: false, value4: false }));
    publish(fanAlert({ kind: 'fulltime', title: '比赛结束', side: null }));
    expect(screen.getAllByTestId('fan-alert-popup').length).toBeGreaterThan(0);
    act(() => vi.advanceTimersByTime(GOAL_POPUP_DURATION_MS + 10));
    expect(screen.queryAllByTestId('fan-alert-popup')).toHaveLength(0);
  });
});

describe('the system notification of a fan alert (Notification API)', () => {
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    static shown: { title: string; options: NotificationOptions }[] = [];
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      FakeNotification.shown.push({ title, options });
    }
    close() {}
  }
  const hidden = { visibilityState: 'hidden' } as Document;

  it('shows only with permission, only from a tab in the background, only once across tabs (shared storage), tagged by the alert', () => {
    FakeNotification.shown = [];
    const storage = window.localStorage;
    storage.clear();
    const alert = fanAlert();
    const env = { document: hidden, storage, Notification: FakeNotification as unknown as typeof Notification };
    expect(notifyInBrowser(alert, { ...env, document: { visibilityState: 'visible' } as Document })).toBe(false);
    expect(notifyInBrowser(alert, { ...env, Notification: undefined })).toBe(false);
    FakeNotification.permission = 'default';
    expect(notifyInBrowser(alert, env)).toBe(false);
    FakeNotification.permission = 'granted';
    expect(notifyInBrowser(alert, env)).toBe(true);
    // A second tab (same storage) hears the same alert: it leaves it to the first.
    expect(notifyInBrowser(alert, env)).toBe(false);
    expect(FakeNotification.shown).toEqual([{ title: '进球！阿森纳', options: { body: alert.body, tag: `alert-${alert.id}`, data: { link: alert.link } } }]);
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameSetingAtom, immediatelyAtom, systemConfigAtom, type ClipData, type GoalData, type MatchRow } from '@sports/shared';
import { renderWithHost, TEST_USER } from '../layout/testing/renderWithHost';
import { GOAL_ALERTS_CONFIG, renderGoalAlerts } from './testing/renderGoalAlerts';
import { GoalAlerts } from './GoalAlerts';
import { goalAlertsViewLoader } from './loadGoalAlertsView';
import { FAVOURITES_PATH } from './goalsApi';
import { FakeLiveSocket } from '@sports/shared/testing';
import { GOAL_POPUP_DURATION_MS, MAX_GOAL_POPUPS } from './useGoalPopups';

let seq = 0;
function goal(overrides: Partial<GoalData> = {}): { code: 100; type: 'goal'; seq: number; data: GoalData } {
  seq += 1;
  return {
    code: 100,
    type: 'goal',
    seq,
    data: { match_id: 7, iszhu: 1, match_str: "67'", home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', home_score: 2, away_score: 1, ...overrides },
  };
}

let clipSeq = 0;
function clip(overrides: Partial<ClipData> = {}): { code: 100; type: 'clip'; seq: number; data: ClipData } {
  clipSeq += 1;
  return {
    code: 100,
    type: 'clip',
    seq: clipSeq,
    data: { clip_id: 90 + clipSeq, match_id: 7, event_id: 4501, kind: 'goal', title: "进球！阿森纳 2-1 切尔西 67'", home_score: 2, away_score: 1, video_url: '/media/clips/1.mp4', thumb_url: '/media/clips/1.jpg', ...overrides },
  };
}

function hotRow(matchId: number, hot: boolean): MatchRow {
  return { match_id: matchId, sport: 'football', hot } as MatchRow;
}

const renderAlerts = renderGoalAlerts;

const popups = () => screen.queryAllByTestId('goal-popup');

// The popups' chunk loaded first, as after the page's first goal (loadGoalAlertsView.test.tsx: before it).
beforeAll(() => goalAlertsViewLoader.load());
beforeEach(() => FakeLiveSocket.install());
afterEach(() => vi.useRealTimers());

describe('the host live-data connection', () => {
  it('waits for the system config, then connects to its websocketUrl on this site and asks for hot competitions, no odds', () => {
    const rendered = renderWithHost(<GoalAlerts startWhistle={() => () => undefined} />);
    expect(FakeLiveSocket.instances).toHaveLength(0);
    act(() => rendered.store.set(systemConfigAtom, GOAL_ALERTS_CONFIG));
    const socket = FakeLiveSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/ws/live-data`);
    act(() => socket.open());
    expect(socket.sent).toEqual([
      { type: 'register', info: 'web' },
      // NO_ODDS_COMPANY_ID: goals and match rows only, no odds snapshots to download and parse.
      { type: 'toggle', company_id: 0 },
      { type: 'classify', classify_type: 1 },
    ]);
    rendered.unmount();
    expect(socket.readyState).toBe(3);
  });
});

describe('goal popups', () => {
  it('a goal shows who scored, the minute, the teams and the score', () => {
    const { send } = renderAlerts();
    send(goal());
    const popup = screen.getByRole('status');
    expect(popup.getAttribute('data-side')).toBe('home');
    expect(within(popup).getByText('进球！')).toBeTruthy();
    expect(within(popup).getByText('主队进球')).toBeTruthy();
    expect(within(popup).getByTestId('goal-minute').textContent).toBe("67'");
    expect(popup.textContent).toContain('阿森纳2-1切尔西');
    expect(within(popup).getByText('阿森纳').getAttribute('data-scored')).toBe('true');
    expect(screen.getByRole('region', { name: '进球提示' })).toBeTruthy();
  });

  it('an away goal (iszhu 0) is marked as the away side', () => {
    const { send } = renderAlerts();
    send(goal({ iszhu: 0, home_score: 1, away_score: 1, match_str: "45+2'" }));
    const popup = screen.getByRole('status');
    expect(popup.getAttribute('data-side')).toBe('away');
    expect(within(popup).getByText('客队进球')).toBeTruthy();
    expect(within(popup).getByText('切尔西').getAttribute('data-scored')).toBe('true');
    expect(within(popup).getByTestId('goal-minute').textContent).toBe("45+2'");
  });

  it('several goals stack, newest last; beyond the limit the oldest gives way; the same goal twice shows once', () => {
    const { send } = renderAlerts();
    const first = goal({ home_team_name_zh: '一队' });
    send(first);
    send(goal({ home_team_name_zh: '二队' }));
    send(first);
    expect(popups().map((popup) => popup.textContent)).toEqual([expect.stringContaining('一队'), expect.stringContaining('二队')]);
    for (let index = 0; index < MAX_GOAL_POPUPS; index += 1) send(goal({ home_team_name_zh: `后来${index}` }));
    expect(popups()).toHaveLength(MAX_GOAL_POPUPS);
    expect(popups()[0]?.textContent).toContain('后来0');
  });

  it('each popup closes with its labelled close button', () => {
    const { send } = renderAlerts();
    send(goal({ home_team_name_zh: '一队', away_team_name_zh: '二队' }));
    send(goal({ home_team_name_zh: '三队', away_team_name_zh: '四队' }));
    fireEvent.click(screen.getByRole('button', { name: '关闭进球提示：一队 对 二队' }));
    expect(popups()).toHaveLength(1);
    expect(popups()[0]?.textContent).toContain('三队');
  });

  it('popups close by themselves after a while', () => {
    vi.useFakeTimers();
    const { send } = renderAlerts();
    send(goal());
    act(() => vi.advanceTimersByTime(GOAL_POPUP_DURATION_MS / 2));
    send(goal({ home_team_name_zh: '后进球' }));
    act(() => vi.advanceTimersByTime(GOAL_POPUP_DURATION_MS / 2 - 1));
    expect(popups()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(popups()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(GOAL_POPUP_DURATION_MS / 2));
    expect(popups()).toHaveLength(0);
  });

  it('value4 keeps popups until closed; switching it off starts their clock', () => {
    vi.useFakeTimers();
    const { send, store } = renderAlerts();
    act(() => store.set(immediatelyAtom, { value1: true, value2: true, value3: false, value4: true }));
    send(goal());
    act(() => vi.advanceTimersByTime(GOAL_POPUP_DURATION_MS * 3));
    expect(popups()).toHaveLength(1);
    act(() => store.set(immediatelyAtom, { value1: true, value2: true, value3: false, value4: false }));
    act(() => vi.advanceTimersByTime(GOAL_POPUP_DURATION_MS));
    expect(popups()).toHaveLength(0);
  });

  it('value1 off: no popups (the whistle still follows voice)', () => {
    const { send, store, startWhistle } = renderAlerts();
    act(() => store.set(immediatelyAtom, { value1: false, value2: true, value3: false, value4: false }));
    send(goal());
    expect(popups()).toHaveLength(0);
    expect(startWhistle).toHaveBeenCalledTimes(1);
  });

  it('value2 off: only goals of hot competitions (the hot matches the socket sent)', () => {
    const { send, store } = renderAlerts();
    act(() => store.set(immediatelyAtom, { value1: true, value2: false, value3: false, value4: false }));
    send({ code: 100, type: 'football_match', seq: 1, snapshot: true, data: [hotRow(7, true)] });
    send(goal({ match_id: 8, home_team_name_zh: '冷门' }));
    send(goal({ match_id: 7, home_team_name_zh: '热门' }));
    expect(popups().map((popup) => popup.textContent)).toEqual([expect.stringContaining('热门')]);
  });

  it('value3: only the signed-in user’s favourite matches', async () => {
    const favourites = { list: [{ match_id: 7 }], total: 1, page: 1, page_size: 100 };
    const { send, store, get } = renderAlerts({ userInfo: TEST_USER, answers: { get: { [FAVOURITES_PATH]: favourites } } });
    act(() => store.set(immediatelyAtom, { value1: true, value2: true, value3: true, value4: false }));
    send(goal({ match_id: 9, home_team_name_zh: '没收藏' }));
    send(goal({ match_id: 7, home_team_name_zh: '收藏了' }));
    expect(await screen.findByText('收藏了')).toBeTruthy();
    expect(screen.queryByText('没收藏')).toBeNull();
    expect(get).toHaveBeenCalledWith(FAVOURITES_PATH, { page_size: 100 });
  });

  it('value3 for a visitor: no favourites, no alerts, no call', async () => {
    const { send, store, get, startWhistle } = renderAlerts();
    act(() => store.set(immediatelyAtom, { value1: true, value2: true, value3: true, value4: false }));
    send(goal());
    await act(async () => undefined);
    expect(popups()).toHaveLength(0);
    expect(startWhistle).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
  });
});

describe('spoiler-free goal alerts', () => {
  it('a goal of the match a room\'s player shows waits for that player\'s delay (popup and whistle); other matches stay immediate', () => {
    vi.useFakeTimers();
    const { send, eventBus, startWhistle } = renderAlerts();
    act(() => eventBus.emit('player:delay', { roomId: 3, matchId: 7, delayMs: 5_000 }));
    send(goal({ match_id: 7, home_team_name_zh: '延迟队' }));
    send(goal({ match_id: 8, home_team_name_zh: '别的比赛' }));
    expect(popups().map((popup) => popup.textContent)).toEqual([expect.stringContaining('别的比赛')]);
    // The player keeps reporting about once a second; the goal is held until its picture gets there.
    for (let second = 1; second < 5; second += 1) {
      act(() => vi.advanceTimersByTime(1_000));
      act(() => eventBus.emit('player:delay', { roomId: 3, matchId: 7, delayMs: 5_000 }));
    }
    act(() => vi.advanceTimersByTime(999));
    expect(popups()).toHaveLength(1);
    expect(startWhistle).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(popups().map((popup) => popup.textContent)).toEqual([expect.stringContaining('别的比赛'), expect.stringContaining('延迟队')]);
    expect(startWhistle).toHaveBeenCalledTimes(2);
  });

  it('player:stopped shows a held goal at once', () => {
    vi.useFakeTimers();
    const { send, eventBus } = renderAlerts();
    act(() => eventBus.emit('player:delay', { roomId: 3, matchId: 7, delayMs: 20_000 }));
    send(goal({ match_id: 7 }));
    expect(popups()).toHaveLength(0);
    act(() => eventBus.emit('player:stopped', { roomId: 3, matchId: 7 }));
    expect(popups()).toHaveLength(1);
  });
});

describe('the goal whistle', () => {
  it('starts on a goal when voice is on, and stops after 6 s', () => {
    vi.useFakeTimers();
    const { send, startWhistle, stopWhistle } = renderAlerts();
    send(goal());
    expect(startWhistle).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('goal-alerts').getAttribute('data-whistle')).toBe('playing');
    act(() => vi.advanceTimersByTime(5_999));
    expect(stopWhistle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(stopWhistle).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('goal-alerts').getAttribute('data-whistle')).toBe('idle');
  });

  it('stays silent when voice is off', () => {
    const { send, store, startWhistle } = renderAlerts();
    act(() => store.set(gameSetingAtom, { red: true, yellow: true, voice: false }));
    send(goal());
    expect(popups()).toHaveLength(1);
    expect(startWhistle).not.toHaveBeenCalled();
    expect(screen.getByTestId('goal-alerts').getAttribute('data-whistle')).toBe('idle');
  });

  it('switching voice off stops a whistle at once; a second goal restarts it for a full 6 s', () => {
    vi.useFakeTimers();
    const { send, store, startWhistle, stopWhistle } = renderAlerts();
    send(goal());
    act(() => vi.advanceTimersByTime(4_000));
    send(goal());
    expect(startWhistle).toHaveBeenCalledTimes(2);
    expect(stopWhistle).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(stopWhistle).toHaveBeenCalledTimes(1);
    act(() => store.set(gameSetingAtom, { red: true, yellow: true, voice: false }));
    expect(stopWhistle).toHaveBeenCalledTimes(2);
  });
});

describe('看回放 (a goal clip frame, issue 34)', () => {
  it('the shown popup of the goal gains 看回放, a link to the clip page that takes clicks', () => {
    const { send } = renderAlerts();
    send(goal());
    expect(screen.queryByRole('link', { name: /看回放/ })).toBeNull();
    const frame = clip();
    send(frame);
    const popup = screen.getByTestId('goal-popup');
    const link = within(popup).getByRole('link', { name: "看回放：进球！阿森纳 2-1 切尔西 67'" });
    expect(link.getAttribute('href')).toBe(`#/clip?id=${frame.data.clip_id}`);
    expect(link.textContent).toBe('看回放');
    expect(getComputedStyle(link).pointerEvents).toBe('auto');
    // Still one popup: the goal's.
    expect(popups()).toHaveLength(1);
    expect(screen.queryByTestId('goal-clip-popup')).toBeNull();
  });

  it('a clip of another score of the match does not go on this popup: a short 进球回放 popup instead', () => {
    const { send } = renderAlerts();
    send(goal());
    send(clip({ home_score: 1, away_score: 1, title: "进球！阿森纳 1-1 切尔西 30'" }));
    expect(within(screen.getByTestId('goal-popup')).queryByRole('link')).toBeNull();
    const short = screen.getByTestId('goal-clip-popup');
    expect(short.getAttribute('role')).toBe('status');
    expect(within(short).getByText('进球回放')).toBeTruthy();
    expect(within(short).getByRole('link', { name: "看回放：进球！阿森纳 1-1 切尔西 30'" })).toBeTruthy();
  });

  it('with no popup shown, a short 进球回放 (点球回放 for a penalty) popup with 看回放; it closes with its labelled button and by itself', () => {
    vi.useFakeTimers();
    const { send } = renderAlerts();
    const frame = clip({ kind: 'penalty', title: "点球！阿森纳 2-1 切尔西 67'" });
    send(frame);
    const short = screen.getByTestId('goal-clip-popup');
    expect(within(short).getByText('点球回放')).toBeTruthy();
    expect(within(short).getByRole('link', { name: "看回放：点球！阿森纳 2-1 切尔西 67'" }).getAttribute('href')).toBe(`#/clip?id=${frame.data.clip_id}`);
    fireEvent.click(within(short).getByRole('button', { name: "关闭回放提示：点球！阿森纳 2-1 切尔西 67'" }));
    expect(screen.queryByTestId('goal-clip-popup')).toBeNull();
    send(clip());
    expect(screen.getByTestId('goal-clip-popup')).toBeTruthy();
    act(() => vi.advanceTimersByTime(GOAL_POPUP_DURATION_MS));
    expect(screen.queryByTestId('goal-clip-popup')).toBeNull();
  });

  it('no popup for a red card’s clip, nor with value1 off', () => {
    const { send, store } = renderAlerts();
    send(clip({ kind: 'red_card', home_score: undefined, away_score: undefined }));
    expect(screen.queryByTestId('goal-clip-popup')).toBeNull();
    act(() => store.set(immediatelyAtom, { value1: false, value2: true, value3: false, value4: false }));
    send(clip());
    expect(screen.queryByTestId('goal-clip-popup')).toBeNull();
  });

  it('spoiler-free: the clip of the player’s match waits for its delay like the goal, so 看回放 never comes first', () => {
    vi.useFakeTimers();
    const { send, eventBus } = renderAlerts();
    act(() => eventBus.emit('player:delay', { roomId: 3, matchId: 7, delayMs: 5_000 }));
    send(goal());
    send(clip());
    expect(popups()).toHaveLength(0);
    expect(screen.queryByTestId('goal-clip-popup')).toBeNull();
    act(() => {
      eventBus.emit('player:delay', { roomId: 3, matchId: 7, delayMs: 5_000 });
      vi.advanceTimersByTime(5_000);
    });
    expect(popups()).toHaveLength(1);
    expect(within(popups()[0] as HTMLElement).getByRole('link', { name: /看回放/ })).toBeTruthy();
    expect(screen.queryByTestId('goal-clip-popup')).toBeNull();
  });
});

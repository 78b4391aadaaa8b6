import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PointsCheckInResult, PointsInfo, PointsLine } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { routes } from '../routes';
import { MEMBER_PATHS } from '../api/memberApi';
import { type Answer, MEMBER, logIn, memberContext, pageOf, profileOf, refused } from '../testing/fixtures';
import { POINTS_PATHS } from './pointsApi';
import { PREDICTION_HISTORY_PATH } from './PredictionHistory';

function pointsInfo(overrides: Partial<PointsInfo> = {}): PointsInfo {
  return {
    balance: 35,
    day: '2027-01-10',
    checked_in_today: false,
    streak: 2,
    checkin_points: 15,
    checkin_table: [5, 10, 15, 20, 25, 30, 40],
    tasks: [
      { key: 'watch', done: 2, cap: 6, points_each: 10, earned: 20, interval_seconds: 600, watched_seconds: 1_300 },
      { key: 'chat', done: 20, cap: 20, points_each: 1, earned: 20 },
    ],
    earned_today: 40,
    ...overrides,
  };
}

function line(id: number, kind: string, amount: number, createdAt = '2027-01-09T16:30:00.000Z'): PointsLine {
  return { id, kind, amount, created_at: createdAt, time_text: '' };
}

function pointsContext(answers: Record<string, Answer> = {}) {
  const context = memberContext({
    [POINTS_PATHS.info]: pointsInfo(),
    [POINTS_PATHS.history]: { list: [], next_cursor: null },
    [PREDICTION_HISTORY_PATH]: { list: [], next_cursor: null },
    ...answers,
  });
  logIn(context, MEMBER);
  return context;
}

const settledPrediction = {
  id: 12,
  room_id: 3,
  match_id: 4,
  template: 'football_1x2',
  title: '本场胜负',
  state: 'settled',
  lock_at: 0,
  lock_text: '2027-01-10 20:00',
  winning_outcome: 0,
  pool: 9,
  outcomes: [
    { index: 0, label: '主胜', pool: 4, stakes: 2, share: 44.4 },
    { index: 1, label: '平', pool: 0, stakes: 0, share: 0 },
    { index: 2, label: '客胜', pool: 5, stakes: 1, share: 55.6 },
  ],
  mine: { outcome: 0, amount: 3, payout: 6 },
  settled_text: '2027-01-10 21:50',
};

describe('member?type=4 我的竞猜', () => {
  it('lists the member\'s predictions: the pick and stake, the result and the payout (api/Prediction/list?mine=1)', async () => {
    const context = pointsContext({
      [PREDICTION_HISTORY_PATH]: { list: [settledPrediction, { ...settledPrediction, id: 11, state: 'open', winning_outcome: null, mine: { outcome: 2, amount: 5, payout: null } }, { ...settledPrediction, id: 10, state: 'cancelled', winning_outcome: null, mine: { outcome: 1, amount: 2, payout: 2 } }], next_cursor: null },
    });
    renderRemotePage(routes, 'member', { type: '4' }, context);
    expect(await screen.findByRole('heading', { level: 2, name: '我的竞猜' })).toBeTruthy();
    const rows = await screen.findAllByTestId('prediction-history-row');
    expect(rows.map((row) => within(row).getByTestId('prediction-history-pick').textContent)).toEqual(['投「主胜」3 积分', '投「客胜」5 积分', '投「平」2 积分']);
    expect(rows.map((row) => within(row).getByTestId('prediction-history-outcome').textContent)).toEqual(['获得 6 积分', '待结算', '退还 2 积分']);
    expect(within(rows[0] as HTMLElement).getByText('结果：主胜')).toBeTruthy();
    expect(context.callsTo(PREDICTION_HISTORY_PATH)[0]?.params).toEqual({ mine: 1, limit: 20 });
  });
});

describe('member?type=4 我的积分', () => {
  it('shows the balance, the rule that points are never bought nor withdrawn, the streak, the tasks with their progress and the history in China time', async () => {
    const context = pointsContext({
      [POINTS_PATHS.history]: { list: [line(9, 'points_watch', 10), line(8, 'points_checkin', 10), line(7, 'prediction_stake', -30)], next_cursor: null },
    });
    renderRemotePage(routes, 'member', { type: '4' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '我的积分' })).toBeTruthy();
    expect((await screen.findByTestId('points-balance')).textContent).toBe('35 积分');
    expect(screen.getByTestId('points-earned-today').textContent).toBe('今日已获得 40 积分');
    expect(screen.getByTestId('points-rule').textContent).toBe('积分不能用金钱购买，也不能提现或兑换成金币。');
    expect(screen.getByTestId('points-streak').textContent).toBe('已连续签到 2 天');
    expect(screen.getByTestId('points-checkin-points').textContent).toBe('今日签到可得 15 积分');
    const table = screen.getByRole('list', { name: '连续签到奖励' });
    const days = within(table).getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual(['第1天+5', '第2天+10', '第3天+15', '第4天+20', '第5天+25', '第6天+30', '第7天起+40']);
    expect(days.map((day) => day.getAttribute('data-reached'))).toEqual(['true', 'true', 'false', 'false', 'false', 'false', 'false']);

    const watch = screen.getByTestId('points-task-watch');
    expect(within(watch).getByTestId('points-task-watch-progress').textContent).toBe('2/6 · 今日 +20');
    const watchBar = within(watch).getByRole('progressbar', { name: '观看直播' });
    expect([watchBar.getAttribute('value'), watchBar.getAttribute('max')]).toEqual(['2', '6']);
    expect(watch.textContent).toContain('每观看 10 分钟得 10 积分');
    const chat = screen.getByTestId('points-task-chat');
    expect(within(chat).getByTestId('points-task-chat-progress').textContent).toBe('已完成 · 今日 +20');
    expect(within(chat).getByRole('progressbar', { name: '发言互动' }).getAttribute('value')).toBe('20');

    const lines = await screen.findAllByTestId('points-line');
    expect(lines.map((row) => within(row).getByTestId('points-line-kind').textContent)).toEqual(['观看直播', '每日签到', '竞猜下注']);
    expect(lines.map((row) => within(row).getByTestId('points-line-amount').textContent)).toEqual(['+10', '+10', '-30']);
    // 16:30 UTC on 01-09 is 00:30 on 01-10 in China, whatever the test machine's zone.
    expect(within(lines[0] as HTMLElement).getByText('01-10 00:30', { exact: false })).toBeTruthy();
    expect(screen.queryByTestId('points-history-more')).toBeNull();
  });

  it('每日签到 checks in once: the notice with the points and streak, the button then says 今日已签到, the balance and history are read again', async () => {
    let checkedIn = false;
    const result: PointsCheckInResult = { day: '2027-01-10', streak: 3, points: 15, balance: 50 };
    const context = pointsContext({
      [POINTS_PATHS.info]: () => (checkedIn ? pointsInfo({ balance: 50, checked_in_today: true, streak: 3, earned_today: 55 }) : pointsInfo()),
      [POINTS_PATHS.checkIn]: () => {
        checkedIn = true;
        return result;
      },
      [POINTS_PATHS.history]: () => ({ list: checkedIn ? [line(10, 'points_checkin', 15)] : [], next_cursor: null }),
    });
    renderRemotePage(routes, 'member', { type: '4' }, context);
    const button = await screen.findByRole('button', { name: '每日签到' });
    expect(await screen.findByText('还没有积分记录，去签到或看直播吧')).toBeTruthy();
    fireEvent.click(button);
    expect((await screen.findByTestId('points-checkin-done')).textContent).toBe('签到成功，+15 积分（已连续签到 3 天）');
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('50 积分'));
    const done = screen.getByTestId('points-checkin');
    expect(done.textContent).toBe('今日已签到');
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('points-checkin-points').textContent).toBe('今日签到获得 15 积分');
    expect((await screen.findAllByTestId('points-line-amount')).map((row) => row.textContent)).toEqual(['+15']);
    expect(context.callsTo(POINTS_PATHS.checkIn)).toEqual([{ path: POINTS_PATHS.checkIn, method: 'POST', params: {} }]);
  });

  it('a refused check-in (already done in another tab) is said inline and the info is read again', async () => {
    let refusedOnce = false;
    const context = pointsContext({
      [POINTS_PATHS.info]: () => (refusedOnce ? pointsInfo({ checked_in_today: true, streak: 3 }) : pointsInfo()),
      [POINTS_PATHS.checkIn]: () => {
        refusedOnce = true;
        return refused('今日已签到，明天再来吧', 'POINTS_ALREADY_CHECKED_IN');
      },
    });
    renderRemotePage(routes, 'member', { type: '4' }, context);
    fireEvent.click(await screen.findByRole('button', { name: '每日签到' }));
    expect((await screen.findByRole('alert')).textContent).toBe('今日已签到，明天再来吧');
    await waitFor(() => expect(screen.getByTestId('points-checkin').textContent).toBe('今日已签到'));
  });

  it('更多记录 loads the next page by cursor', async () => {
    const context = pointsContext({
      [POINTS_PATHS.history]: (params: unknown) =>
        (params as { cursor?: string }).cursor === '5' ? { list: [line(4, 'points_chat', 1)], next_cursor: null } : { list: [line(6, 'points_chat', 1), line(5, 'points_chat', 1)], next_cursor: '5' },
    });
    renderRemotePage(routes, 'member', { type: '4' }, context);
    fireEvent.click(await screen.findByTestId('points-history-more'));
    await waitFor(() => expect(screen.getAllByTestId('points-line')).toHaveLength(3));
    expect(context.callsTo(POINTS_PATHS.history).map((call) => call.params)).toEqual([{ page_size: 20 }, { page_size: 20, cursor: '5' }]);
    expect(screen.queryByTestId('points-history-more')).toBeNull();
  });

  it('the personal centre links to it', async () => {
    const context = memberContext({
      [MEMBER_PATHS.profile]: profileOf(MEMBER),
      [MEMBER_PATHS.avatarList]: [],
      [MEMBER_PATHS.verifiedInfo]: { is_verified: 0 },
      [MEMBER_PATHS.inviteList]: pageOf([]),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'member', { type: '0' }, context);
    expect((await screen.findByRole('link', { name: '我的积分' })).getAttribute('href')).toBe('#/member?type=4');
  });
});

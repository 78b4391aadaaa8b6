import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Prediction } from '@sports/shared';
import { ANCHOR, liveContext, logIn, MEMBER, renderInRemote } from '../testing/fixtures';
import { PREDICTION_PATHS } from './predictionsApi';
import { PredictionPanel } from './PredictionPanel';
import { predictionTallyAtom } from './predictionTally';

const base: Prediction = {
  id: 9,
  room_id: 7,
  match_id: 3,
  template: 'football_1x2',
  title: '本场胜负',
  state: 'open',
  lock_at: 0,
  lock_text: '2026-12-06 20:00',
  winning_outcome: null,
  pool: 40,
  outcomes: [
    { index: 0, label: '主胜', pool: 30, stakes: 2, share: 75 },
    { index: 1, label: '平', pool: 0, stakes: 0, share: 0 },
    { index: 2, label: '客胜', pool: 10, stakes: 1, share: 25 },
  ],
  mine: null,
  settled_text: null,
};

describe('prediction panel', () => {
  it('shows the live tallies and stakes points on the picked outcome with an Idempotency-Key', async () => {
    let current = base;
    const context = liveContext({
      [PREDICTION_PATHS.list]: () => ({ list: [current], next_cursor: null }),
      [PREDICTION_PATHS.stake]: (body: Record<string, unknown> | undefined) => {
        current = { ...base, pool: 60, mine: { outcome: Number(body?.outcome), amount: Number(body?.amount), payout: null } };
        return { prediction: current, balance: 80 };
      },
    });
    logIn(context, MEMBER);
    renderInRemote(context, <PredictionPanel context={context} roomId={7} manager={false} owner={false} active={false} />);
    const card = await screen.findByTestId('prediction-card');
    expect(within(card).getByText('主胜 75% · 30 积分')).toBeTruthy();
    expect(within(card).getByText('奖池 40 积分 · 截止 2026-12-06 20:00')).toBeTruthy();
    expect(screen.queryByTestId('prediction-create')).toBeNull();
    fireEvent.change(screen.getByTestId('prediction-amount'), { target: { value: '1.5' } });
    fireEvent.click(within(card).getByText('主胜 75% · 30 积分'));
    fireEvent.click(screen.getByTestId('prediction-stake'));
    expect(await screen.findByText('请输入大于 0 的整数积分')).toBeTruthy();
    expect(context.callsTo(PREDICTION_PATHS.stake)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('prediction-amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('prediction-stake'));
    await waitFor(() => expect(screen.getByTestId('prediction-mine').textContent).toBe('我投了「主胜」20 积分'));
    const [call] = context.callsTo(PREDICTION_PATHS.stake);
    expect(call?.params).toEqual({ id: 9, outcome: 0, amount: 20 });
    expect(call?.headers?.['Idempotency-Key']).toBeTruthy();
  });

  it('a settled prediction shows the result and the member\'s payout; the anchor gets the create form and no stake form', async () => {
    const settled: Prediction = { ...base, state: 'settled', winning_outcome: 0, mine: { outcome: 0, amount: 10, payout: 13 } };
    const context = liveContext({ [PREDICTION_PATHS.list]: { list: [settled], next_cursor: null }, [PREDICTION_PATHS.create]: base });
    logIn(context, ANCHOR);
    renderInRemote(context, <PredictionPanel context={context} roomId={7} manager owner active={false} />);
    expect((await screen.findByTestId('prediction-result')).textContent).toBe('结果：主胜');
    expect(screen.getByTestId('prediction-mine').textContent).toBe('我投了「主胜」10 积分 · 获得 13 积分');
    expect(screen.getByTestId('prediction-state').textContent).toBe('已结算');
    expect(screen.queryByTestId('prediction-amount')).toBeNull();
    fireEvent.change(screen.getByTestId('prediction-template'), { target: { value: 'total_goals' } });
    fireEvent.change(screen.getByTestId('prediction-line'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('prediction-lock'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('prediction-create-submit'));
    await waitFor(() => expect(context.callsTo(PREDICTION_PATHS.create)).toHaveLength(1));
    expect(context.callsTo(PREDICTION_PATHS.create)[0]?.params).toEqual({ room_id: 7, template: 'total_goals', line: 3, lock_in_seconds: 300 });
  });
  it('applies the tallies the room\'s chat pushes (cloudCustomData.prediction) at once, and reads the list again when the state changes', async () => {
    let reads = 0;
    const context = liveContext({ [PREDICTION_PATHS.list]: () => ((reads += 1), { list: [base], next_cursor: null }) });
    logIn(context, MEMBER);
    renderInRemote(context, <PredictionPanel context={context} roomId={7} manager={false} owner={false} active={false} />);
    const card = await screen.findByTestId('prediction-card');
    act(() => context.store.set(predictionTallyAtom, { id: 9, roomId: 7, state: 'open', pool: 100, winningOutcome: null, outcomes: [{ pool: 50, stakes: 3, share: 50 }, { pool: 0, stakes: 0, share: 0 }, { pool: 50, stakes: 2, share: 50 }] }));
    expect(await within(card).findByText('主胜 50% · 50 积分')).toBeTruthy();
    expect(within(card).getByText('奖池 100 积分 · 截止 2026-12-06 20:00')).toBeTruthy();
    expect(reads).toBe(1);
    act(() => context.store.set(predictionTallyAtom, { id: 9, roomId: 7, state: 'locked', pool: 100, winningOutcome: null, outcomes: [{ pool: 50, stakes: 3, share: 50 }, { pool: 0, stakes: 0, share: 0 }, { pool: 50, stakes: 2, share: 50 }] }));
    await waitFor(() => expect(reads).toBe(2));
  });
});

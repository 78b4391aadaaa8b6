import '../testing/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAtom, type Lottery } from '@sports/shared';
import { BARRAGE_PATHS } from '../barrage/barrageApi';
import { ANCHOR, liveContext, logIn, MEMBER, renderInRemote } from '../testing/fixtures';
import { lotteryEventAtom } from './lotteryEvents';
import { LOTTERY_PATHS } from './lotteriesApi';
import { LotteryPanel } from './LotteryPanel';

const base: Lottery = {
  id: 41,
  room_id: 7,
  anchor_id: ANCHOR.id as number,
  anchor_nickname: '主播老李',
  prize_coins: 100,
  prize_item: null,
  winners: 2,
  condition: 'follow',
  password: null,
  medal_level: null,
  state: 'open',
  ends_at_ms: Date.now() + 90_000,
  ends_at: '2026-12-06 20:10:00',
  created_at: '2026-12-06 20:00:00',
  drawn_at: null,
  entrants: 3,
  seed_hash: 'ab'.repeat(32),
  seed: null,
  entrant_ids: [],
  winner_list: [],
  refunded_coins: null,
  entered: 0,
  won: 0,
};

describe('天选时刻 panel', () => {
  it('the anchor opens one: whole coins, winners, window and the 口令 checked before asking, sent with an Idempotency-Key', async () => {
    const context = liveContext({ [LOTTERY_PATHS.list]: { list: [] }, [LOTTERY_PATHS.create]: { lottery: { ...base, condition: 'password', password: '天选之子' }, balance: 800 } });
    logIn(context, ANCHOR);
    renderInRemote(context, <LotteryPanel context={context} roomId={7} owner active={false} />);
    expect(await screen.findByText('暂无天选时刻')).toBeTruthy();
    fireEvent.change(screen.getByTestId('lottery-prize-coins'), { target: { value: '10.5' } });
    fireEvent.click(screen.getByTestId('lottery-submit'));
    expect(await screen.findByText('请输入大于 0 的整数金币')).toBeTruthy();
    fireEvent.change(screen.getByTestId('lottery-prize-coins'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('lottery-winners-input'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('lottery-submit'));
    expect(await screen.findByText('请输入大于 0 的整数人数')).toBeTruthy();
    fireEvent.change(screen.getByTestId('lottery-winners-input'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('lottery-window'), { target: { value: '60' } });
    fireEvent.change(screen.getByTestId('lottery-condition-input'), { target: { value: 'password' } });
    fireEvent.click(screen.getByTestId('lottery-submit'));
    expect(await screen.findByText('请输入 1 到 20 个字的口令')).toBeTruthy();
    expect(context.callsTo(LOTTERY_PATHS.create)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('lottery-password-input'), { target: { value: ' 天选之子 ' } });
    fireEvent.click(screen.getByTestId('lottery-submit'));
    await waitFor(() => expect(context.callsTo(LOTTERY_PATHS.create)).toHaveLength(1));
    const [call] = context.callsTo(LOTTERY_PATHS.create);
    expect(call?.params).toEqual({ room_id: 7, prize_coins: 100, winners: 2, window_seconds: 60, condition: 'password', password: '天选之子' });
    expect(call?.headers?.['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(context.store.get(userInfoAtom)?.balance).toBe(800));
  });

  it('an item prize with a medal condition goes as prize_item and medal_level', async () => {
    const context = liveContext({ [LOTTERY_PATHS.list]: { list: [] }, [LOTTERY_PATHS.create]: { lottery: base, balance: 0 } });
    logIn(context, ANCHOR);
    renderInRemote(context, <LotteryPanel context={context} roomId={7} owner active={false} />);
    await screen.findByText('暂无天选时刻');
    fireEvent.change(screen.getByTestId('lottery-prize-kind'), { target: { value: 'item' } });
    fireEvent.change(screen.getByTestId('lottery-prize-item'), { target: { value: '签名球衣' } });
    fireEvent.change(screen.getByTestId('lottery-condition-input'), { target: { value: 'medal' } });
    fireEvent.change(screen.getByTestId('lottery-medal-level'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('lottery-submit'));
    await waitFor(() => expect(context.callsTo(LOTTERY_PATHS.create)).toHaveLength(1));
    expect(context.callsTo(LOTTERY_PATHS.create)[0]?.params).toEqual({ room_id: 7, prize_item: '签名球衣', winners: 1, window_seconds: 300, condition: 'medal', medal_level: 3 });
  });

  it('a viewer sees the card (prize, condition, countdown, entrants), no form, and enters with 参与', async () => {
    let current = base;
    const context = liveContext({
      [LOTTERY_PATHS.list]: () => ({ list: [current] }),
      [LOTTERY_PATHS.enter]: () => {
        current = { ...base, entrants: 4, entered: 1 };
        return { lottery_id: 41, entrants: 4 };
      },
    });
    logIn(context, MEMBER);
    renderInRemote(context, <LotteryPanel context={context} roomId={7} owner={false} active={false} />);
    const card = await screen.findByTestId('lottery-card');
    expect(screen.queryByTestId('lottery-create')).toBeNull();
    expect(within(card).getByTestId('lottery-prize').textContent).toBe('每人 100 金币 · 2 人中奖');
    expect(within(card).getByTestId('lottery-condition').textContent).toBe('关注主播即可参与');
    expect(within(card).getByTestId('lottery-entrants').textContent).toBe('3 人参与');
    expect(within(card).getByTestId('lottery-countdown').textContent).toMatch(/^剩余 01:(2|3)\d$/);
    expect(within(card).getByTestId('lottery-seed').textContent).toBe('开奖后公布');
    fireEvent.click(within(card).getByTestId('lottery-enter'));
    await waitFor(() => expect(screen.getByTestId('lottery-entered').textContent).toBe('已参与，等待开奖'));
    expect(context.callsTo(LOTTERY_PATHS.enter)[0]?.params).toEqual({ lottery_id: 41 });
    expect(screen.getByTestId('lottery-entrants').textContent).toBe('4 人参与');
    expect(screen.queryByTestId('lottery-enter')).toBeNull();
  });

  it('a 口令 lottery: the button sends the 口令 as a danmaku (no enter call)', async () => {
    const context = liveContext({ [LOTTERY_PATHS.list]: { list: [{ ...base, condition: 'password', password: '天选之子' }] }, [BARRAGE_PATHS.send]: { barrage: {}, coins: 0, balance: 0 } });
    logIn(context, MEMBER);
    renderInRemote(context, <LotteryPanel context={context} roomId={7} owner={false} active={false} />);
    const button = await screen.findByTestId('lottery-send-password');
    expect(button.textContent).toBe('发送口令「天选之子」');
    fireEvent.click(button);
    await waitFor(() => expect(context.callsTo(BARRAGE_PATHS.send)).toHaveLength(1));
    expect(context.callsTo(BARRAGE_PATHS.send)[0]?.params).toEqual({ room_id: 7, text: '天选之子' });
    expect(context.callsTo(LOTTERY_PATHS.enter)).toHaveLength(0);
  });

  it('drawn: 中奖名单, 恭喜中奖 for a winner, the refund and the revealed seed; a pushed room event reads the list again', async () => {
    const drawn: Lottery = {
      ...base,
      state: 'drawn',
      winners: 3,
      drawn_at: '2026-12-06 20:10:01',
      seed: 'cd'.repeat(32),
      entrant_ids: [9, MEMBER.id as number],
      winner_list: [
        { member_id: MEMBER.id as number, nickname: '球迷小王', prize_coins: 100 },
        { member_id: 9, nickname: '先到的', prize_coins: 100 },
      ],
      refunded_coins: 100,
      entered: 1,
      won: 1,
    };
    let current = base;
    const context = liveContext({ [LOTTERY_PATHS.list]: () => ({ list: [current] }) });
    logIn(context, MEMBER);
    renderInRemote(context, <LotteryPanel context={context} roomId={7} owner={false} active={false} />);
    await screen.findByTestId('lottery-enter');
    current = drawn;
    act(() => {
      context.store.set(lotteryEventAtom, { seq: 1, event: { event: 'drawn', lotteryId: 41, roomId: 7, anchorNickname: '主播老李', prizeCoins: 100, prizeItem: null, winners: 3, condition: 'follow', password: null, medalLevel: null, endsAt: Date.now(), seedHash: 'ab'.repeat(32) } });
    });
    expect((await screen.findByTestId('lottery-won')).textContent).toBe('恭喜中奖');
    expect(screen.getAllByTestId('lottery-winner').map((line) => line.textContent)).toEqual(['球迷小王（100 金币）', '先到的（100 金币）']);
    expect(screen.getByTestId('lottery-refunded').textContent).toBe('未发出的 100 金币已退回主播');
    expect(screen.getByTestId('lottery-seed').textContent).toBe('cd'.repeat(32));
    expect(screen.getByTestId('lottery-state').textContent).toBe('已开奖');
    expect(screen.queryByTestId('lottery-enter')).toBeNull();
  });

  it('the anchor sees 取消 on their open lottery and no 参与; cancelling shows the refunded balance', async () => {
    let current = base;
    const context = liveContext({
      [LOTTERY_PATHS.list]: () => ({ list: [current] }),
      [LOTTERY_PATHS.cancel]: () => {
        current = { ...base, state: 'cancelled', refunded_coins: 200, seed: 'cd'.repeat(32) };
        return { lottery: current, balance: 950 };
      },
    });
    logIn(context, ANCHOR);
    renderInRemote(context, <LotteryPanel context={context} roomId={7} owner active={false} />);
    const cancel = await screen.findByTestId('lottery-cancel');
    expect(screen.queryByTestId('lottery-enter')).toBeNull();
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.getByTestId('lottery-state').textContent).toBe('已取消'));
    expect(context.store.get(userInfoAtom)?.balance).toBe(950);
  });
});

import '../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_PATHS } from '../api/liveApi';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { GiftRankBoard } from './GiftRankBoard';

const entry = (rank: number, name: string, coins: number) => ({ rank, user_id: rank + 500, user_nickname: name, avatar: '', coins });

describe('contribution board', () => {
  it('今日 first, 本周 on its tab; empty says so', async () => {
    const context = liveContext({
      [LIVE_PATHS.giftRoomRank]: (params: Record<string, unknown> | undefined) =>
        params?.period === 'day' ? { period: 'day', since: '', list: [entry(1, '土豪甲', 1000), entry(2, '球迷乙', 66)] } : { period: 'week', since: '', list: [] },
    });
    renderInRemote(context, <GiftRankBoard context={context} roomId={7} giftSignal={0} />);
    const board = screen.getByTestId('gift-rank');
    expect(within(board).getByRole('heading', { name: '贡献榜' })).toBeTruthy();
    const entries = await within(board).findAllByTestId('gift-rank-entry');
    expect(entries.map((item) => item.textContent)).toEqual(['1土豪甲1000 金币', '2球迷乙66 金币']);
    expect(context.callsTo(LIVE_PATHS.giftRoomRank)[0]?.params).toEqual({ room_id: 7, period: 'day' });
    fireEvent.click(within(board).getByRole('tab', { name: '本周' }));
    expect(await within(board).findByText('暂无贡献')).toBeTruthy();
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.giftRoomRank)[1]?.params).toEqual({ room_id: 7, period: 'week' }));
  });
});

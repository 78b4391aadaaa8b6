import '../testing/setup';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_PATHS } from '../api/liveApi';
import { LOTTERY_PATHS } from '../lotteries/lotteriesApi';
import { ANCHOR, MEMBER, liveContext, logIn, renderInRemote, roomInfo } from '../testing/fixtures';
import { RoomActionBar } from './RoomActionBar';

function renderBar(owner: boolean) {
  const context = liveContext({ [LIVE_PATHS.giftList]: [], [LOTTERY_PATHS.list]: { list: [] } });
  logIn(context, owner ? ANCHOR : MEMBER);
  const info = roomInfo({ room_id: 7, is_live: 1, viewer_role: owner ? 'owner' : 'member' });
  renderInRemote(context, <RoomActionBar context={context} info={info} danmaku={[]} guardMine={null} onGuardBought={() => undefined} onGiftSent={() => undefined} />);
  return context;
}

describe('天选 in the room bar', () => {
  it('a viewer opens the 天选时刻 picker from the bar: the room\'s lotteries, no form to open one', async () => {
    const context = renderBar(false);
    const trigger = screen.getByTestId('bar-lotteries');
    expect(trigger.textContent).toContain('天选');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const popover = screen.getByTestId('lottery-popover');
    expect(await within(popover).findByText('暂无天选时刻')).toBeTruthy();
    expect(within(popover).queryByTestId('lottery-create')).toBeNull();
    expect(context.callsTo(LOTTERY_PATHS.list)[0]?.params).toEqual({ room_id: 7 });
  });

  it('the room\'s anchor gets the form to open one', async () => {
    renderBar(true);
    fireEvent.click(screen.getByTestId('bar-lotteries'));
    expect(await within(screen.getByTestId('lottery-popover')).findByTestId('lottery-create')).toBeTruthy();
  });
});

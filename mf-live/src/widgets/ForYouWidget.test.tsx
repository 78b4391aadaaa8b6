import '../testing/setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemoteWidget } from '@sports/shared/testing';
import { RECOMMEND_PATHS } from '../follows/recommendApi';
import { liveContext, roomCard } from '../testing/fixtures';
import { widgets } from '../widgets';

describe('为你推荐 (home widget forYou)', () => {
  it("shows the server's order, each card linking to its room with why it is there", async () => {
    const followed = roomCard({ room_id: 7, title: '关注的主播在播' });
    const popular = roomCard({ room_id: 3, title: '热门直播', online: 900 });
    const context = liveContext({
      [RECOMMEND_PATHS.rooms]: { basis: 'personal', list: [{ room: followed, reason: 'followed_anchor', score: 100 }, { room: popular, reason: 'popular', score: 29.5 }] },
    });
    renderRemoteWidget(widgets, 'forYou', context);
    const row = await screen.findByRole('list', { name: '为你推荐' });
    const cards = within(row).getAllByTestId('room-card');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['#/live?id=7', '#/live?id=3']);
    expect(within(cards[0] as HTMLElement).getByTestId('room-note').textContent).toBe('你关注的主播');
    expect(within(cards[1] as HTMLElement).getByTestId('room-note').textContent).toBe('热门');
    expect(screen.getByRole('heading', { name: '为你推荐' })).toBeTruthy();
    expect(screen.getByTestId('widget-forYou').closest('[data-widget-wide]')).not.toBeNull();
  });

  it('shows nothing when no room is live or the call failed', async () => {
    const empty = liveContext({ [RECOMMEND_PATHS.rooms]: { basis: 'popular', list: [] } });
    const view = renderRemoteWidget(widgets, 'forYou', empty);
    await expect.poll(() => empty.callsTo(RECOMMEND_PATHS.rooms).length).toBe(1);
    await expect.poll(() => screen.queryByTestId('widget-forYou')).toBeNull();
    view.unmount();
    const failing = liveContext({ [RECOMMEND_PATHS.rooms]: new Error('down') });
    renderRemoteWidget(widgets, 'forYou', failing);
    await expect.poll(() => failing.callsTo(RECOMMEND_PATHS.rooms).length).toBe(1);
    await expect.poll(() => screen.queryByTestId('widget-forYou')).toBeNull();
  });
});

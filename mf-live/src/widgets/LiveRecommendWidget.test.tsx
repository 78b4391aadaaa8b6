import '../testing/setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemoteWidget } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { liveContext, pageOf, roomCard } from '../testing/fixtures';
import { widgets } from '../widgets';

describe('home live widget', () => {
  it('shows live rooms only when some are live, each with its frame, viewers and category; at most 4', async () => {
    const offline = roomCard({ title: '休息中', is_live: 0, stream_status: 'offline', cover: '', thumb: '/live/thumb/football.svg' });
    const live = [1, 2, 3, 4].map((n) => roomCard({ title: `直播${n}`, type: 3, online: n, thumb: `/live/thumb/room${n}.jpg?v=x.${n}` }));
    const context = liveContext({ [LIVE_PATHS.liveList]: pageOf([offline, ...live]) });
    renderRemoteWidget(widgets, 'liveRecommend', context);
    const cards = await screen.findAllByTestId('room-card');
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => card.querySelector('strong')?.textContent)).toEqual(['直播1', '直播2', '直播3', '直播4']);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByTestId('room-thumb').getAttribute('src')).toBe('/live/thumb/room1.jpg?v=x.1');
    expect(within(first).getByTestId('room-viewers').textContent).toBe('51 人在看');
    expect(within(first).getByTestId('room-category').textContent).toBe('电竞');
    expect(screen.queryByText('暂时没有正在直播的房间')).toBeNull();
  });

  it('with no room live, says so and shows rooms off air with their placeholders', async () => {
    const offline = roomCard({ title: '休息中', type: 2, is_live: 0, stream_status: 'offline', cover: '', thumb: '/live/thumb/basketball.svg' });
    const context = liveContext({ [LIVE_PATHS.liveList]: pageOf([offline]) });
    renderRemoteWidget(widgets, 'liveRecommend', context);
    expect(await screen.findByText('暂时没有正在直播的房间')).toBeTruthy();
    expect(screen.getByTestId('room-thumb').getAttribute('src')).toBe('/live/thumb/basketball.svg');
  });
});

import '../testing/setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveContext, renderInRemote, roomInfo } from '../testing/fixtures';
import { AnchorBar } from './AnchorBar';

function renderBar(overrides: Parameters<typeof roomInfo>[0]) {
  const context = liveContext({});
  renderInRemote(context, <AnchorBar context={context} info={roomInfo({ title: '英超直播', anchor: { anchor_id: 1100, user_nickname: '主播老李', avatar: '', fans: 9 }, ...overrides })} patch={() => undefined} />);
}

describe('the anchor bar above the player', () => {
  it('names the room (the page heading), its anchor and followers, and says it is live with the viewers', () => {
    renderBar({ is_live: 1, room_state: 'live', online: 40 });
    expect(screen.getByRole('heading', { level: 1, name: '英超直播' })).toBeTruthy();
    expect(screen.getByText('主播 主播老李 · 9 粉丝')).toBeTruthy();
    const badge = screen.getByTestId('room-state-badge');
    expect([badge.textContent, badge.getAttribute('data-state')]).toEqual(['直播中', 'live']);
    expect(screen.getByTestId('room-viewers').textContent).toMatch(/^\d+ 人在看$/);
    expect(screen.getByTestId('follow-button')).toBeTruthy();
  });

  it.each([
    ['paused', '主播暂时离开'],
    ['ended', '直播已结束'],
    ['idle', '未开播'],
  ] as const)('a %s room says %s and counts no viewers', (state, text) => {
    renderBar({ is_live: 0, room_state: state });
    expect(screen.getByTestId('room-state-badge').textContent).toBe(text);
    expect(screen.queryByTestId('room-viewers')).toBeNull();
  });

  it("the anchor's own room has no follow button", () => {
    renderBar({ viewer_role: 'owner' });
    expect(screen.queryByTestId('follow-button')).toBeNull();
  });
});

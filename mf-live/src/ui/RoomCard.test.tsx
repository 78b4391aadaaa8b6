import '../testing/setup';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RemoteRoot } from '@sports/shared';
import { createTestContext } from '@sports/shared/testing';
import { roomCard } from '../testing/fixtures';
import { cardPicture, placeholderOf, RoomCard } from './RoomCard';

describe('RoomCard picture', () => {
  it('a live room shows the recent frame of its stream, even with a cover', () => {
    expect(cardPicture(roomCard({ room_id: 5, thumb: '/live/thumb/room5.jpg?v=a.b', cover: '/uploads/c.jpg' }))).toBe('/live/thumb/room5.jpg?v=a.b');
  });

  it('a room off air shows its cover, or the category placeholder without one', () => {
    const offline = { is_live: 0, stream_status: 'offline', thumb: '/live/thumb/esports.svg', type: 3 } as const;
    expect(cardPicture(roomCard({ ...offline, cover: '/uploads/c.jpg' }))).toBe('/uploads/c.jpg');
    expect(cardPicture(roomCard({ ...offline, cover: '' }))).toBe('/live/thumb/esports.svg');
  });

  it('an address that is not a site path or http(s) is never used: the category placeholder instead', () => {
    expect(cardPicture(roomCard({ type: 2, thumb: 'javascript:alert(1)' }))).toBe(placeholderOf(2));
    expect(placeholderOf(9)).toBe('/live/thumb/general.svg');
  });

  it('renders the picture, the category and, when live, the viewers', () => {
    const context = createTestContext();
    render(
      <RemoteRoot context={context}>
        <ul>
          <RoomCard room={roomCard({ room_id: 8, type: 1, online: 3, thumb: '/live/thumb/room8.jpg?v=1.2' })} />
          <RoomCard room={roomCard({ room_id: 9, type: 4, is_live: 0, stream_status: 'offline', cover: '', thumb: '/live/thumb/general.svg' })} />
        </ul>
      </RemoteRoot>,
    );
    const [live, offline] = screen.getAllByTestId('room-card') as HTMLElement[];
    expect(within(live as HTMLElement).getByTestId('room-thumb').getAttribute('src')).toBe('/live/thumb/room8.jpg?v=1.2');
    expect(within(live as HTMLElement).getByTestId('room-category').textContent).toBe('足球');
    expect(within(live as HTMLElement).getByTestId('room-viewers').textContent).toBe('53 人在看');
    expect(within(offline as HTMLElement).getByTestId('room-thumb').getAttribute('src')).toBe('/live/thumb/general.svg');
    expect(within(offline as HTMLElement).getByTestId('room-category').textContent).toBe('综合');
    expect(within(offline as HTMLElement).queryByTestId('room-viewers')).toBeNull();
  });
});

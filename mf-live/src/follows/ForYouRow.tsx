import styled from 'styled-components';
import type { RecommendedRoom } from '@sports/shared';
import { CardGrid, RoomCard } from '../ui/RoomCard';
import { forYouCopy } from './forYouCopy';

/** A row of cards: side by side, scrolling sideways when they do not fit (a phone). */
const Row = styled(CardGrid)`
  grid-auto-flow: column;
  grid-template-columns: none;
  grid-auto-columns: minmax(200px, 240px);
  overflow-x: auto;
  overscroll-behavior-x: contain;
  padding-bottom: 4px;
`;

/** 为你推荐's cards (widgets/ForYouWidget.tsx): each room linking to itself, its reason as the card's note. */
export default function ForYouRow({ list }: { list: readonly RecommendedRoom[] }) {
  return (
    <Row data-testid="for-you" aria-label={forYouCopy.title}>
      {list.map(({ room, reason }) => (
        <RoomCard key={room.room_id} room={room} note={forYouCopy.reasons[reason]} />
      ))}
    </Row>
  );
}

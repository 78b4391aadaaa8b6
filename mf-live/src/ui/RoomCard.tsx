import styled from 'styled-components';
import { Badge, ONLINE_COUNT_BONUS, type LiveRoomCard } from '@sports/shared';
import { listCopy, liveTypeLabels } from '../messages';

export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.a`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.brand};
  }
`;

const Thumb = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  background: ${({ theme }) => theme.colors.navBackground};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
`;

/** The room's state (直播中 / 未开播) over the picture's corner. */
const StateBadge = styled(Badge)`
  position: absolute;
  top: 8px;
  left: 8px;
`;

const Category = styled.span`
  position: absolute;
  top: 8px;
  right: 8px;
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme }) => theme.font.small};
  color: #fff;
  background: rgb(0 0 0 / 55%);
`;

const Viewers = styled.span`
  position: absolute;
  right: 8px;
  bottom: 8px;
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme }) => theme.font.small};
  color: #fff;
  background: rgb(0 0 0 / 65%);
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px 10px 10px;

  strong {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
`;

const AnchorLine = styled.span`
  display: flex;
  align-items: center;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};

  img {
    width: 22px;
    height: 22px;
    border-radius: 50%;
    object-fit: cover;
  }
`;

/** Viewers shown: the chat group's member count plus ONLINE_COUNT_BONUS (SPEC.md section 9). */
export function shownViewers(online: number): number {
  return online + ONLINE_COUNT_BONUS;
}

/** Only site paths and http(s) addresses are used as image sources (outside input). */
export function safeImage(src: string): string | undefined {
  return /^(\/[^\s]*|https?:\/\/[^\s]+)$/.test(src) ? src : undefined;
}

/** The category placeholders the server draws (`/live/thumb/<category>.svg`), by room type. */
const PLACEHOLDERS: Record<number, string> = { 1: 'football', 2: 'basketball', 3: 'esports', 4: 'general' };
export function placeholderOf(type: number): string {
  return `/live/thumb/${PLACEHOLDERS[type] ?? 'general'}.svg`;
}

/**
 * The card's picture: while live, the recent frame of the stream (`thumb`); otherwise the anchor's
 * cover when there is one, else `thumb` (the category's placeholder).
 */
export function cardPicture(room: LiveRoomCard): string {
  const thumb = safeImage(room.thumb) ?? placeholderOf(room.type);
  if (room.is_live === 1) return thumb;
  return safeImage(room.cover) ?? thumb;
}

/** One room in a list: picture, live badge, category and viewers, title, anchor; leads to the room. `note`: a line under the anchor (为你推荐's reason). */
export function RoomCard({ room, note }: { room: LiveRoomCard; note?: string }) {
  const live = room.is_live === 1;
  const picture = cardPicture(room);
  const avatar = safeImage(room.anchor.avatar);
  const fallback = placeholderOf(room.type);
  return (
    <li>
      <Card href={`#/live?id=${room.room_id}`} data-testid="room-card" data-live={live}>
        <Thumb>
          <img
            src={picture}
            alt=""
            loading="lazy"
            data-testid="room-thumb"
            // A frame or cover that fails to load gives way to the category placeholder (once).
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(fallback)) event.currentTarget.src = fallback;
            }}
          />
          <StateBadge tone={live ? 'live' : 'neutral'} data-live={live}>
            {live ? listCopy.live : listCopy.offline}
          </StateBadge>
          <Category data-testid="room-category">{liveTypeLabels[room.type]}</Category>
          {live && <Viewers data-testid="room-viewers">{listCopy.viewers(shownViewers(room.online))}</Viewers>}
        </Thumb>
        <Body>
          <strong>{room.title}</strong>
          <AnchorLine>
            {avatar && <img src={avatar} alt={listCopy.avatar(room.anchor.user_nickname)} loading="lazy" />}
            {room.anchor.user_nickname}
          </AnchorLine>
          {note !== undefined && <AnchorLine data-testid="room-note">{note}</AnchorLine>}
        </Body>
      </Card>
    </li>
  );
}

/** Live rooms first, the server's order kept otherwise. */
export function liveFirst(rooms: readonly LiveRoomCard[]): LiveRoomCard[] {
  return [...rooms.filter((room) => room.is_live === 1), ...rooms.filter((room) => room.is_live !== 1)];
}

import styled from 'styled-components';
import { useLoad, type LiveRoomCard, type LoadState, type PageOf, type RemoteContext } from '@sports/shared';
import { LIVE_ROOMS_OF_MATCH_LIMIT, MATCH_CENTRE_PATHS } from './matchCentreApi';
import { matchCentreCopy } from './matchCentreCopy';

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: center;
  margin: 0 0 12px;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 32px;
    padding: 0 12px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.textInverse};
    text-decoration: none;
    font-weight: 600;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    a {
      min-height: 44px;
    }
  }
`;

const Anchor = styled.span`
  margin-left: 6px;
  font-weight: normal;
`;

/**
 * The rooms showing the match (`api/Live_streaming/getLiveList?match_id=`, the score-live filter:
 * rooms on air first, then open ones, as the hot matches widget links them). The page starts it
 * beside its own answer and shows once both are in, so the links never push the page down.
 */
export function useLiveRooms(context: RemoteContext, matchId: number) {
  return useLoad(`liveRooms:${matchId}`, () =>
    context.api.get<PageOf<LiveRoomCard>>(MATCH_CENTRE_PATHS.liveList, { match_id: matchId, page: 1, page_size: LIVE_ROOMS_OF_MATCH_LIMIT }),
  ).state;
}

/**
 * A 看直播 link to each room showing the match, to mf-live's `#/live?id=`; a closed room is left
 * out. Nothing when no room shows the match or the list could not be read (the match page shows
 * without it).
 */
export function LiveRoomLinks({ rooms }: { rooms: LoadState<PageOf<LiveRoomCard>> }) {
  const live = rooms.status === 'ready' ? rooms.data.list.filter((room) => room.is_live === 1 || room.is_open === 1) : [];
  if (live.length === 0) return null;
  return (
    <Links aria-label={matchCentreCopy.liveRooms} data-testid="match-live-rooms">
      {live.map((room) => (
        <a key={room.room_id} href={`#/live?id=${room.room_id}`} data-testid="match-live-room">
          {matchCentreCopy.watch}
          <Anchor>{room.anchor.user_nickname}</Anchor>
        </a>
      ))}
    </Links>
  );
}

import styled from 'styled-components';
import { Badge, type BadgeTone, type LiveRoomInfo, type RemoteContext, type RoomStreamState } from '@sports/shared';
import { anchorBarCopy, roomCopy } from '../messages';
import { safeImage, shownViewers } from '../ui/RoomCard';
import { FollowButton } from './FollowButton';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};

  img {
    flex: none;
    width: 48px;
    height: 48px;
    border-radius: 50%;
    object-fit: cover;
  }
  .who {
    flex: 1;
    min-width: 0;
  }
  h1 {
    margin: 0;
    overflow: hidden;
    font-size: ${({ theme }) => theme.font.title};
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .line {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 10px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    gap: 8px;
    padding: 6px 12px;
    border: 0;
    border-radius: 0;
    img {
      width: 36px;
      height: 36px;
    }
    h1 {
      font-size: 16px;
    }
  }
`;

const TONES: Record<RoomStreamState, BadgeTone> = { live: 'live', paused: 'warning', ended: 'neutral', idle: 'neutral' };

/** The room's state as the badge says it: the pushed state, else what room info says of the stream. */
export function shownRoomState(info: LiveRoomInfo): RoomStreamState {
  return info.room_state ?? (info.is_live === 1 ? 'live' : 'idle');
}

export interface AnchorBarProps {
  context: RemoteContext;
  info: LiveRoomInfo;
  patch: (changes: Partial<LiveRoomInfo>) => void;
}

/**
 * Above the player: the anchor's avatar, the room's title (the page's h1), the room's state as a
 * badge (the same state the player and the lists show, pushed by the server), the anchor's name,
 * followers and viewers, and 关注 (not in the anchor's own room).
 */
export function AnchorBar({ context, info, patch }: AnchorBarProps) {
  const avatar = safeImage(info.anchor.avatar);
  const state = shownRoomState(info);
  return (
    <Bar data-testid="anchor-bar">
      {avatar && <img src={avatar} alt={`${info.anchor.user_nickname} 的头像`} />}
      <div className="who">
        <h1 title={info.title}>{info.title}</h1>
        <div className="line">
          <Badge tone={TONES[state]} data-testid="room-state-badge" data-state={state}>
            {anchorBarCopy.state[state]}
          </Badge>
          <span className="anchor">
            {roomCopy.anchor} {info.anchor.user_nickname} · {roomCopy.followers(info.anchor.fans)}
          </span>
          {state === 'live' && <span data-testid="room-viewers">{anchorBarCopy.viewers(shownViewers(info.online))}</span>}
        </div>
      </div>
      {info.viewer_role !== 'owner' && <FollowButton context={context} room={info} onChange={patch} />}
    </Bar>
  );
}

import styled from 'styled-components';
import { LoadView, Muted } from '@sports/shared';
import { safeImage } from '../ui/RoomCard';
import { GuardBadge } from './GuardBadge';
import { guardCopy } from './guardCopy';
import type { RoomGuards } from './useRoomGuards';

const Section = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  padding: 8px 12px;

  header {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: 8px;
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.title};
  }
  .total {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    max-height: 240px;
    overflow-y: auto;
  }
  li {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 4px 0;
  }
  img {
    width: 24px;
    height: 24px;
    border-radius: 50%;
    object-fit: cover;
  }
  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

/** The room's guard list (`api/Guard/roomList`): highest tier first, each with their badge. */
export function RoomGuardList({ guards }: { guards: RoomGuards }) {
  return (
    <Section aria-label={guardCopy.list} data-testid="guard-list">
      <LoadView state={guards.state} failed={guardCopy.listFailed} onRetry={guards.retry}>
        {(room) => (
          <>
            <header>
              <h2>{guardCopy.list}</h2>
              <span className="total">{guardCopy.listTotal(room.total)}</span>
            </header>
            {room.list.length === 0 ? (
              <Muted>{guardCopy.listEmpty}</Muted>
            ) : (
              <ol>
                {room.list.map((guard) => {
                  const avatar = safeImage(guard.avatar);
                  return (
                    <li key={guard.user_id} data-testid="room-guard">
                      <GuardBadge level={guard.level} />
                      {avatar && <img src={avatar} alt="" />}
                      <span className="name">{guard.user_nickname}</span>
                    </li>
                  );
                })}
              </ol>
            )}
          </>
        )}
      </LoadView>
    </Section>
  );
}

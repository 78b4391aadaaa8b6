import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { LoadView, Muted, Tabs, useLoad, type RemoteContext, type RoomRank } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { giftCopy } from '../messages';
import { safeImage } from '../ui/RoomCard';

type Period = RoomRank['period'];
const PERIODS: { key: Period; label: string }[] = [
  { key: 'day', label: giftCopy.today },
  { key: 'week', label: giftCopy.week },
];

/** After a gift, the board asks again this long later (several gifts, one request). */
export const BOARD_RELOAD_DELAY_MS = 2_000;

const Board = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  padding: 8px 12px;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.title};
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 4px 0;
  }
  .rank {
    width: 20px;
    font-weight: bold;
    color: ${({ theme }) => theme.colors.brandDark};
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
  .coins {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

export interface GiftRankBoardProps {
  context: RemoteContext;
  roomId: number;
  /** Changes when a gift was sent in the room: the board reloads shortly after. */
  giftSignal: number;
}

/** The room's contribution board (`api/Gift/roomRank`): 今日 / 本周, top senders by coins. */
export function GiftRankBoard({ context, roomId, giftSignal }: GiftRankBoardProps) {
  const [period, setPeriod] = useState<Period>('day');
  const { state, retry, reload } = useLoad(`${roomId}:${period}`, () => liveApi(context.api).giftRoomRank(roomId, period));

  useEffect(() => {
    if (giftSignal === 0) return;
    const timer = setTimeout(reload, BOARD_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [giftSignal, reload]);

  return (
    <Board aria-label={giftCopy.board} data-testid="gift-rank">
      <h2>{giftCopy.board}</h2>
      <Tabs label={giftCopy.periods} items={PERIODS} selected={period} onSelect={setPeriod}>
        <LoadView state={state} failed={giftCopy.boardFailed} onRetry={retry}>
          {(rank) =>
            rank.list.length === 0 ? (
              <Muted>{giftCopy.boardEmpty}</Muted>
            ) : (
              <ol>
                {rank.list.map((entry) => {
                  const avatar = safeImage(entry.avatar);
                  return (
                    <li key={entry.user_id} data-testid="gift-rank-entry">
                      <span className="rank">{entry.rank}</span>
                      {avatar && <img src={avatar} alt="" />}
                      <span className="name">{entry.user_nickname}</span>
                      <span className="coins">{giftCopy.contribution(entry.coins)}</span>
                    </li>
                  );
                })}
              </ol>
            )
          }
        </LoadView>
      </Tabs>
    </Board>
  );
}

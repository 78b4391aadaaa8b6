import styled from 'styled-components';
import { ChinaTime, useLoad, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { detailCopy } from '../messages';
import { useSettled } from './useSettled';

const Section = styled.section`
  margin-top: 12px;

  h3 {
    margin: 0 0 6px;
    font-size: ${({ theme }) => theme.font.body};
  }
  ul {
    display: flex;
    flex-direction: column;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: baseline;
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

/**
 * The match's broadcasts kept as replays (`api/Live/replayList?match_id=`, ready ones), each a link
 * to mf-live's replay page `#/clip?replay=`; nothing when there are none or they could not be asked.
 */
export function MatchReplays({ context, matchId, onSettled }: { context: RemoteContext; matchId: number; onSettled?: () => void }) {
  const { state } = useLoad(`replays:${matchId}`, () => scoresApi(context.api).replaysOfMatch(matchId));
  useSettled(state.status, onSettled);
  const ready = state.status === 'ready' ? state.data.filter((replay) => replay.status === 'ready') : [];
  if (ready.length === 0) return null;
  return (
    <Section aria-labelledby="match-replays-heading" data-testid="match-replays">
      <h3 id="match-replays-heading">{detailCopy.replays}</h3>
      <ul>
        {ready.map((replay) => (
          <li key={replay.id}>
            <a href={`#/clip?replay=${replay.id}`} data-testid="match-replay">
              {detailCopy.replayLink(replay.anchor.user_nickname, replay.title)}
            </a>
            <ChinaTime at={replay.started_at} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

import styled from 'styled-components';
import { ChinaTime, LoadView, Muted, useLoad, type FollowedMatch, type FollowItem, type FollowTargetType, type RemoteContext } from '@sports/shared';
import { FollowStar, followsApi, useFollows } from '@sports/shared/follows';
import { liveTypeLabels } from '../messages';
import { followsCopy } from './followsCopy';
import { FollowSuggestions } from './FollowSuggestions';

const Items = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.medium};
    background: ${({ theme }) => theme.colors.surface};
  }
  strong {
    display: flex;
    align-items: center;
    gap: 4px;
  }
`;

const SPORTS: Record<string, number> = { football: 1, basketball: 2, esports: 3, general: 4 };

const EMPTY: Record<FollowTargetType, string> = { team: followsCopy.emptyTeam, league: followsCopy.emptyLeague, player: followsCopy.emptyPlayer };

/** A followed team's or league's match now or next: 进行中 / 下一场, China time, the teams, the score when live. */
function NextMatch({ match }: { match: FollowedMatch | null }) {
  if (match === null) return <Muted>{followsCopy.noMatch}</Muted>;
  const live = match.status === 'live' || match.status === 'halftime';
  return (
    <a href={`#/score-detail?id=${match.match_id}`} data-testid="followed-match">
      {live ? followsCopy.live : followsCopy.next} <ChinaTime at={match.kickoff_at} format="monthDayTime" /> {match.competition_short_zh} {match.home_team_name_zh}{' '}
      {live ? `${match.home_score}-${match.away_score}` : 'vs'} {match.away_team_name_zh}
    </a>
  );
}

/**
 * One tab of 我的关注 for teams, leagues or players (`api/Follow/list?type=`): each with its sport,
 * its match now or next (teams, leagues) or its team (players), and its star (取消关注 <name>,
 * shared/src/follows). Empty: what to follow instead (FollowSuggestions), and a follow from there
 * reads the list again (`version`).
 */
export function FollowedList({ context, type, version, onFollowed }: { context: RemoteContext; type: FollowTargetType; version: number; onFollowed: () => void }) {
  const follows = useFollows(context);
  const { state, retry } = useLoad(`${type}:${version}`, () => followsApi(context.api).list(type));
  return (
    <LoadView announceFailure state={state} failed={followsCopy.failed} onRetry={retry}>
      {(result) =>
        result.list.length === 0 ? (
          <>
            <Muted>{EMPTY[type]}</Muted>
            <FollowSuggestions context={context} kinds={type === 'league' ? ['league'] : ['team']} onFollowed={onFollowed} />
          </>
        ) : (
          <Items data-testid={`followed-${type}s`}>
            {result.list.map((item: FollowItem) => (
              <li key={item.id} data-testid="followed-item">
                <strong>
                  {item.name}
                  <FollowStar follows={follows} type={type} id={item.id} name={item.name} />
                </strong>
                {item.sport !== null && <Muted as="span">{liveTypeLabels[SPORTS[item.sport] ?? 4]}</Muted>}
                {type === 'player' ? item.team !== null && <span>{followsCopy.team(item.team.name)}</span> : <NextMatch match={item.next_match} />}
              </li>
            ))}
          </Items>
        )
      }
    </LoadView>
  );
}

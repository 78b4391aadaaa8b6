import styled from 'styled-components';
import { LoadView, Muted, PagePanel, useLoad, type BasePlayer, type BaseTeam, type RemoteContext, type SquadPlayer } from '@sports/shared';
import { FollowStar, type Follows } from '@sports/shared/follows';
import { knowledgeCopy } from './knowledgeCopy';
import { competitionHref, knowledgeApi, playerCentreHref, playerHref, teamCentreHref, teamHref } from './knowledgeApi';
import { type Column, KnowledgeTable } from './KnowledgeTable';
import { MatchList, chinaWhen, scoreOf } from './MatchList';

/** A heading with its follow star beside it (outside the heading: the heading's name stays the name). */
export const TitleRow = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const FormRow = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 6px 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
  }
  b[data-result='W'] {
    color: ${({ theme }) => theme.colors.success};
  }
  b[data-result='L'] {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

/** #/base-football?team=: the squad with its season statistics, the last five results, fixtures. */
export function TeamView({ context, id, follows }: { context: RemoteContext; id: number; follows: Follows }) {
  const loaded = useLoad(`base:team:${id}`, () => knowledgeApi(context.api).team(id));
  return (
    <LoadView state={loaded.state} failed={knowledgeCopy.failed} onRetry={loaded.retry} announceFailure>
      {(data: BaseTeam) => <Team data={data} follows={follows} />}
    </LoadView>
  );
}

function Team({ data, follows }: { data: BaseTeam; follows: Follows }) {
  const { team } = data;
  const football = team.sport === 'football';
  const columns: Column<SquadPlayer>[] = [
    { header: knowledgeCopy.columns.number, cell: (player) => player.shirt_number },
    { header: knowledgeCopy.columns.player, cell: (player) => <a href={playerHref(team.sport, player.id)}>{player.name_zh}</a> },
    { header: knowledgeCopy.columns.position, cell: (player) => player.position_zh },
    { header: knowledgeCopy.columns.appearances, cell: (player) => player.stats.appearances },
    { header: knowledgeCopy.columns.goals_, cell: (player) => player.stats.goals, hidden: !football },
    { header: knowledgeCopy.columns.points_, cell: (player) => player.stats.points, hidden: football },
    { header: knowledgeCopy.columns.rebounds, cell: (player) => player.stats.rebounds, hidden: football },
    { header: knowledgeCopy.columns.assists, cell: (player) => player.stats.assists },
  ];
  return (
    <>
      <PagePanel aria-label={team.name_zh} data-testid="base-team">
        <TitleRow>
          <h2>{team.name_zh}</h2>
          <FollowStar follows={follows} type="team" id={team.id} name={team.name_zh} />
          <a href={teamCentreHref(team.id)}>{knowledgeCopy.centreLink}</a>
        </TitleRow>
        <Facts>
          <dt>{knowledgeCopy.venue}</dt>
          <dd>{team.venue_zh}</dd>
          <dt>{knowledgeCopy.competitionsOfTeam}</dt>
          <dd>
            {data.competitions.length === 0
              ? '-'
              : data.competitions.map((entry, index) => (
                  <span key={entry.season.id}>
                    {index > 0 && '、'}
                    <a href={competitionHref(team.sport, entry.competition.id)}>{entry.competition.short_name_zh}</a>
                    {entry.position !== null && ` ${entry.group_name} 第${entry.position}名`}
                  </span>
                ))}
          </dd>
        </Facts>
      </PagePanel>
      <PagePanel aria-label={knowledgeCopy.form}>
        <h2>{knowledgeCopy.form}</h2>
        {data.form.length === 0 ? (
          <Muted>{knowledgeCopy.noForm}</Muted>
        ) : (
          <FormRow data-testid="base-form">
            {data.form.map(({ result, match }) => (
              <li key={match.match_id}>
                <b data-result={result}>{knowledgeCopy.resultText[result]}</b>{' '}
                <a href={`#/score-detail?id=${match.match_id}`}>{`${match.home_team_name_zh} ${scoreOf(match)} ${match.away_team_name_zh}`}</a>{' '}
                <small>{chinaWhen(match.kickoff_at)}</small>
              </li>
            ))}
          </FormRow>
        )}
      </PagePanel>
      <PagePanel aria-label={knowledgeCopy.squad}>
        <h2>{knowledgeCopy.squad}</h2>
        <KnowledgeTable caption={`${team.name_zh} ${knowledgeCopy.squad}`} columns={columns} rows={data.squad} rowKey={(player) => player.id} testId="base-squad" />
      </PagePanel>
      <PagePanel aria-label={knowledgeCopy.teamFixtures}>
        <h2>{knowledgeCopy.teamFixtures}</h2>
        {data.fixtures.length === 0 ? <Muted>{knowledgeCopy.noTeamFixtures}</Muted> : <MatchList sport={team.sport} matches={data.fixtures} caption={knowledgeCopy.teamFixtures} />}
      </PagePanel>
    </>
  );
}

/** #/base-football?player=: position, number, statistics per season, recent matches. */
export function PlayerView({ context, id, follows }: { context: RemoteContext; id: number; follows: Follows }) {
  const loaded = useLoad(`base:player:${id}`, () => knowledgeApi(context.api).player(id));
  return (
    <LoadView state={loaded.state} failed={knowledgeCopy.failed} onRetry={loaded.retry} announceFailure>
      {(data: BasePlayer) => <Player data={data} follows={follows} />}
    </LoadView>
  );
}

function Player({ data, follows }: { data: BasePlayer; follows: Follows }) {
  const { player, team } = data;
  const football = team.sport === 'football';
  type Season = BasePlayer['seasons'][number];
  const columns: Column<Season>[] = [
    { header: knowledgeCopy.season, cell: (entry) => <a href={competitionHref(team.sport, entry.competition.id)}>{`${entry.competition.short_name_zh} ${entry.season.name}`}</a> },
    { header: knowledgeCopy.columns.appearances, cell: (entry) => entry.stats.appearances },
    { header: knowledgeCopy.columns.goals_, cell: (entry) => entry.stats.goals, hidden: !football },
    { header: knowledgeCopy.columns.points_, cell: (entry) => entry.stats.points, hidden: football },
    { header: knowledgeCopy.columns.rebounds, cell: (entry) => entry.stats.rebounds, hidden: football },
    { header: knowledgeCopy.columns.assists, cell: (entry) => entry.stats.assists },
  ];
  type Recent = BasePlayer['recent'][number];
  const recentColumns: Column<Recent>[] = [
    { header: knowledgeCopy.columns.date, cell: (entry) => chinaWhen(entry.match.kickoff_at) },
    { header: knowledgeCopy.columns.match, cell: (entry) => <a href={`#/score-detail?id=${entry.match.match_id}`}>{`${entry.match.home_team_name_zh} ${scoreOf(entry.match)} ${entry.match.away_team_name_zh}`}</a> },
    { header: football ? knowledgeCopy.columns.goals_ : knowledgeCopy.columns.points_, cell: (entry) => entry.value },
  ];
  return (
    <>
      <PagePanel aria-label={player.name_zh} data-testid="base-player">
        <TitleRow>
          <h2>{player.name_zh}</h2>
          <FollowStar follows={follows} type="player" id={player.id} name={player.name_zh} />
          <a href={playerCentreHref(player.id)}>{knowledgeCopy.centreLink}</a>
        </TitleRow>
        <Facts>
          <dt>{knowledgeCopy.team}</dt>
          <dd>
            <a href={teamHref(team.sport, team.id)}>{team.name_zh}</a>
            <FollowStar follows={follows} type="team" id={team.id} name={team.name_zh} />
          </dd>
          <dt>{knowledgeCopy.position}</dt>
          <dd>{player.position_zh}</dd>
          <dt>{knowledgeCopy.number}</dt>
          <dd>{player.shirt_number}</dd>
        </Facts>
      </PagePanel>
      <PagePanel aria-label={knowledgeCopy.seasonStats}>
        <h2>{knowledgeCopy.seasonStats}</h2>
        {data.seasons.length === 0 ? <Muted>{knowledgeCopy.noSeason}</Muted> : <KnowledgeTable caption={knowledgeCopy.seasonStats} columns={columns} rows={data.seasons} rowKey={(entry) => entry.season.id} testId="base-player-stats" />}
      </PagePanel>
      <PagePanel aria-label={knowledgeCopy.recent}>
        <h2>{knowledgeCopy.recent}</h2>
        {data.recent.length === 0 ? <Muted>{knowledgeCopy.noForm}</Muted> : <KnowledgeTable caption={knowledgeCopy.recent} columns={recentColumns} rows={data.recent} rowKey={(entry) => entry.match.match_id} />}
      </PagePanel>
    </>
  );
}

import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  LoadView,
  Muted,
  PagePanel,
  RemotePageFrame,
  useLoad,
  type BaseCompetition,
  type BaseCompetitionItem,
  type MatchRow,
  type RemoteContext,
  type RemotePageProps,
  type ScoreSport,
  type StandingRow,
  type TopScorer,
} from '@sports/shared';
import { FollowStar, useFollows, type Follows } from '@sports/shared/follows';
import { pageCopy } from '../messages';
import { knowledgeCopy } from './knowledgeCopy';
import { basePath, competitionHref, idParam, knowledgeApi, playerHref, teamHref } from './knowledgeApi';
import { type Column, KnowledgeTable } from './KnowledgeTable';
import { MatchList, chinaWhen, scoreOf } from './MatchList';
import { PlayerView, TeamView, TitleRow } from './TeamViews';

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    position: relative;
  }
  /* The follow star sits on the card's corner, beside the link (a button cannot be inside it). */
  li > button {
    position: absolute;
    top: 6px;
    right: 6px;
  }
  a {
    display: block;
    padding: 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    border-color: ${({ theme }) => theme.colors.brand};
  }
  strong {
    display: block;
  }
`;

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
`;

/**
 * #/base-football and #/base-basketball: the knowledge bases. The address says what is shown:
 * `?player=` a player, `?team=` a team, `?competition=` (and `&season=`) a competition's season,
 * nothing the sport's competitions. Links between them are plain hash links, so back works.
 */
export default function KnowledgePage({ context, location }: RemotePageProps) {
  const sport: ScoreSport = location.path === 'base-basketball' ? 'basketball' : 'football';
  const title = pageCopy[location.path]?.title ?? '';
  const { query } = location;
  // One set of the member's follows for every star of the page (issue 39).
  const follows = useFollows(context);
  let body;
  if (query.player !== undefined) body = withId(query.player, (id) => <PlayerView context={context} id={id} follows={follows} />);
  else if (query.team !== undefined) body = withId(query.team, (id) => <TeamView context={context} id={id} follows={follows} />);
  else if (query.competition !== undefined) body = withId(query.competition, (id) => <CompetitionView context={context} sport={sport} id={id} seasonId={idParam(query.season) ?? undefined} follows={follows} />);
  else body = <CompetitionList context={context} sport={sport} follows={follows} />;
  return (
    <RemotePageFrame remote="mf-community" page={location.path} title={title}>
      {body}
    </RemotePageFrame>
  );
}

function withId(raw: string, render: (id: number) => ReactNode) {
  const id = idParam(raw);
  return id === null ? <Muted role="alert">{knowledgeCopy.badId}</Muted> : render(id);
}

function CompetitionList({ context, sport, follows }: { context: RemoteContext; sport: ScoreSport; follows: Follows }) {
  const list = useLoad(`base:competitions:${sport}`, () => knowledgeApi(context.api).competitions(sport));
  return (
    <PagePanel aria-label={knowledgeCopy.competitions}>
      <h2>{knowledgeCopy.competitions}</h2>
      <LoadView state={list.state} failed={knowledgeCopy.failed} onRetry={list.retry}>
        {(competitions: BaseCompetitionItem[]) =>
          competitions.length === 0 ? (
            <Muted>{knowledgeCopy.noCompetitions}</Muted>
          ) : (
            <Cards data-testid="base-competitions">
              {competitions.map((competition) => (
                <li key={competition.id}>
                  <a href={competitionHref(sport, competition.id)}>
                    <strong>{competition.short_name_zh}</strong>
                    <span>{competition.name_zh}</span>
                    <br />
                    <small>{competition.season === null ? knowledgeCopy.noSeason : `${competition.season.name} ${knowledgeCopy.season} · ${knowledgeCopy.teams(competition.team_count)}`}</small>
                  </a>
                  <FollowStar follows={follows} type="league" id={competition.id} name={competition.short_name_zh} />
                </li>
              ))}
            </Cards>
          )
        }
      </LoadView>
    </PagePanel>
  );
}

function CompetitionView({ context, sport, id, seasonId, follows }: { context: RemoteContext; sport: ScoreSport; id: number; seasonId?: number; follows: Follows }) {
  const loaded = useLoad(`base:competition:${id}:${seasonId ?? ''}`, () => knowledgeApi(context.api).competition(id, seasonId));
  return (
    <LoadView state={loaded.state} failed={knowledgeCopy.failed} onRetry={loaded.retry} announceFailure>
      {(data: BaseCompetition) => <Competition context={context} sport={data.competition.sport} data={data} backSport={sport} follows={follows} />}
    </LoadView>
  );
}

function Competition({ context, sport, data, backSport, follows }: { context: RemoteContext; sport: ScoreSport; data: BaseCompetition; backSport: ScoreSport; follows: Follows }) {
  const { competition, season } = data;
  return (
    <>
      <PagePanel aria-label={competition.name_zh}>
        <TitleRow>
          <h2>{competition.name_zh}</h2>
          <FollowStar follows={follows} type="league" id={competition.id} name={competition.name_zh} />
        </TitleRow>
        <Nav aria-label={knowledgeCopy.season}>
          <a href={`#/${basePath(backSport)}`}>{knowledgeCopy.backToList}</a>
          {data.seasons.map((entry) =>
            entry.id === season?.id ? (
              <strong key={entry.id} aria-current="page">
                {entry.name}
              </strong>
            ) : (
              <a key={entry.id} href={`${competitionHref(sport, competition.id)}&season=${entry.id}`}>
                {entry.name}
              </a>
            ),
          )}
        </Nav>
        {season === null && <Muted>{knowledgeCopy.noSeason}</Muted>}
      </PagePanel>
      {season !== null && (
        <>
          <PagePanel aria-label={knowledgeCopy.standings}>
            <h2>{knowledgeCopy.standings}</h2>
            <Standings sport={sport} data={data} follows={follows} />
          </PagePanel>
          <PagePanel aria-label={knowledgeCopy.topScorers(sport)}>
            <h2>{knowledgeCopy.topScorers(sport)}</h2>
            <TopScorers sport={sport} scorers={data.top_scorers} />
          </PagePanel>
          <PagePanel aria-label={knowledgeCopy.fixtures}>
            <h2>{knowledgeCopy.fixtures}</h2>
            {data.fixtures.length === 0 ? <Muted>{knowledgeCopy.noFixtures}</Muted> : <MatchList sport={sport} matches={data.fixtures} caption={knowledgeCopy.fixtures} testId="base-fixtures" />}
          </PagePanel>
          <PagePanel aria-label={knowledgeCopy.results}>
            <h2>{knowledgeCopy.results}</h2>
            <Results context={context} sport={sport} data={data} />
          </PagePanel>
          {data.records.length > 0 && (
            <PagePanel aria-label={knowledgeCopy.records}>
              <h2>{knowledgeCopy.records}</h2>
              <ul data-testid="base-records">
                {data.records.map((record) => (
                  <li key={record.kind}>
                    {record.label_zh}：<a href={`#/score-detail?id=${record.match.match_id}`}>{`${record.match.home_team_name_zh} ${scoreOf(record.match)} ${record.match.away_team_name_zh}`}</a>{' '}
                    ({chinaWhen(record.match.kickoff_at)})
                  </li>
                ))}
              </ul>
            </PagePanel>
          )}
        </>
      )}
    </>
  );
}

function Standings({ sport, data, follows }: { sport: ScoreSport; data: BaseCompetition; follows: Follows }) {
  const columns: Column<StandingRow>[] = [
    { header: knowledgeCopy.columns.rank, cell: (row) => row.position },
    {
      header: knowledgeCopy.columns.team,
      cell: (row) => (
        <>
          <a href={teamHref(sport, row.team_id)}>{row.team_short_zh}</a>
          <FollowStar follows={follows} type="team" id={row.team_id} name={row.team_short_zh} />
        </>
      ),
    },
    { header: knowledgeCopy.columns.played, cell: (row) => row.played },
    { header: knowledgeCopy.columns.won, cell: (row) => row.won },
    { header: knowledgeCopy.columns.drawn, cell: (row) => row.drawn, hidden: sport !== 'football' },
    { header: knowledgeCopy.columns.lost, cell: (row) => row.lost },
    { header: knowledgeCopy.columns.goals(sport), cell: (row) => `${row.goals_for}/${row.goals_against}` },
    { header: knowledgeCopy.columns.diff, cell: (row) => (row.goal_diff > 0 ? `+${row.goal_diff}` : row.goal_diff) },
    { header: knowledgeCopy.columns.points(sport), cell: (row) => row.points },
    { header: knowledgeCopy.columns.form, cell: (row) => row.form },
  ];
  if (data.groups.length === 0) return <Muted>{knowledgeCopy.noStandings}</Muted>;
  return (
    <div data-testid="base-standings">
      {data.groups.map((group) => (
        <div key={group.group_name}>
          {data.groups.length > 1 && <h3>{knowledgeCopy.groupName(group.group_name)}</h3>}
          <KnowledgeTable
            caption={[data.competition.short_name_zh, data.season?.name, knowledgeCopy.groupName(group.group_name)].filter(Boolean).join(' ')}
            columns={columns}
            rows={group.rows}
            rowKey={(row) => row.team_id}
          />
        </div>
      ))}
    </div>
  );
}

function TopScorers({ sport, scorers }: { sport: ScoreSport; scorers: readonly TopScorer[] }) {
  if (scorers.length === 0) return <Muted>{knowledgeCopy.noScorers}</Muted>;
  const columns: Column<TopScorer>[] = [
    { header: knowledgeCopy.columns.rank, cell: (row) => row.rank },
    { header: knowledgeCopy.columns.player, cell: (row) => (row.player_id === null ? row.player_name_zh : <a href={playerHref(sport, row.player_id)}>{row.player_name_zh}</a>) },
    { header: knowledgeCopy.columns.team, cell: (row) => <a href={teamHref(sport, row.team_id)}>{row.team_name_zh}</a> },
    { header: knowledgeCopy.columns.value(sport), cell: (row) => row.value },
    { header: knowledgeCopy.columns.matches, cell: (row) => row.matches },
  ];
  return <KnowledgeTable caption={knowledgeCopy.topScorers(sport)} columns={columns} rows={scorers} rowKey={(row) => `${row.team_id}:${row.player_name_zh}`} testId="base-scorers" />;
}

/** The latest results, then older ones page by page (keyset cursor). */
function Results({ context, sport, data }: { context: RemoteContext; sport: ScoreSport; data: BaseCompetition }) {
  const [more, setMore] = useState<{ list: MatchRow[]; cursor: string | null; loading: boolean; failed: boolean }>({ list: [], cursor: null, loading: false, failed: false });
  const shown = [...data.results, ...more.list];
  const last = shown.at(-1);
  const hasMore = more.list.length === 0 ? data.finished_count > data.results.length : more.cursor !== null;
  const loadMore = () => {
    if (last === undefined || data.season === null) return;
    const cursor = more.cursor ?? `${Date.parse(last.kickoff_at)}_${last.match_id}`;
    setMore((current) => ({ ...current, loading: true, failed: false }));
    knowledgeApi(context.api)
      .matches({ competition_id: data.competition.id, season_id: data.season.id, kind: 'results', cursor, page_size: 20 })
      .then((page) => setMore((current) => ({ list: [...current.list, ...page.list], cursor: page.next_cursor, loading: false, failed: false })))
      .catch(() => setMore((current) => ({ ...current, loading: false, failed: true })));
  };
  if (shown.length === 0) return <Muted>{knowledgeCopy.noResults}</Muted>;
  return (
    <>
      <MatchList sport={sport} matches={shown} caption={knowledgeCopy.results} testId="base-results" />
      {more.failed && <Muted role="alert">{knowledgeCopy.failed}</Muted>}
      {hasMore && (
        <Button onClick={loadMore} disabled={more.loading}>
          {knowledgeCopy.more}
        </Button>
      )}
    </>
  );
}

import { LoadView, PagePanel, RemotePageFrame, useLoad, type RemoteContext, type RemotePageProps, type ScoreSport, type SeasonTable } from '@sports/shared';
import { scoresApi, type ScoreCompetition } from '../api/scoresApi';
import { LiveStatus } from '../board/LiveStatus';
import { MatchListView } from '../board/MatchListView';
import { useLiveMatchList } from '../board/useLiveMatchList';
import { StandingsTable } from '../detail/StandingsTable';
import { KnockoutRounds } from './KnockoutRounds';
import { boardCopy, pageCopy, trophyCopy } from '../messages';

const TITLE = pageCopy['trophy/home']?.title ?? '';
const FOOTBALL: readonly ScoreSport[] = ['football'];

/** The World Cup among the competitions the server knows, if any. */
export function findWorldCup(competitions: readonly ScoreCompetition[]): ScoreCompetition | undefined {
  return competitions.find((competition) => competition.sport === 'football' && competition.name_zh.includes(trophyCopy.competitionName));
}

/** #/trophy/home: the World Cup: its groups and matches when the data has it, else a clear empty state. */
export default function TrophyPage({ context, location }: RemotePageProps) {
  const competitions = useLoad('competitions:football', () => scoresApi(context.api).competitions('football'));
  return (
    <RemotePageFrame remote="mf-scores" page={location.path} title={TITLE}>
      <LoadView state={competitions.state} failed={boardCopy.failed} onRetry={competitions.retry}>
        {(list) => {
          const worldCup = findWorldCup(list);
          return worldCup ? <WorldCupView context={context} competition={worldCup} /> : <EmptyWorldCup />;
        }}
      </LoadView>
    </RemotePageFrame>
  );
}

function EmptyWorldCup() {
  return (
    <PagePanel data-testid="trophy-empty">
      <h2>{trophyCopy.empty}</h2>
      <p>{trophyCopy.emptyHint}</p>
    </PagePanel>
  );
}

function WorldCupView({ context, competition }: { context: RemoteContext; competition: ScoreCompetition }) {
  const table = useLoad(`table:${competition.id}`, () => scoresApi(context.api).seasonTable(competition.id));
  return (
    <LoadView state={table.state} failed={boardCopy.failed} onRetry={table.retry}>
      {(season) => (season === null ? <EmptyWorldCup /> : <Tournament context={context} competition={competition} season={season} />)}
    </LoadView>
  );
}

/** A World Cup with a season: its knockouts and champion once played, its groups, and today's matches kept live. */
function Tournament({ context, competition, season }: { context: RemoteContext; competition: ScoreCompetition; season: SeasonTable }) {
  const { status, listProps } = useLiveMatchList(context, { sport: 'football', competition_id: competition.id }, FOOTBALL);
  return (
    <>
      <KnockoutRounds context={context} competitionId={competition.id} />
      <PagePanel aria-label={trophyCopy.groups}>
        <h2>{trophyCopy.groups}</h2>
        <p>
          <a href={`#/base-football?competition=${competition.id}`}>{trophyCopy.knowledgeBase}</a>
        </p>
        <StandingsTable table={season} sport="football" />
      </PagePanel>
      <PagePanel aria-label={trophyCopy.matches}>
        <h2>
          {trophyCopy.matches} <LiveStatus status={status} />
        </h2>
        <MatchListView {...listProps} empty={trophyCopy.noMatchesToday} mode="football" caption={competition.name_zh} />
      </PagePanel>
    </>
  );
}

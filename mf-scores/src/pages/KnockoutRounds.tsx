import { LoadView, PagePanel, TeamName, useLoad, type MatchRow, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { boardCopy, trophyCopy } from '../messages';

/** A tournament's knockouts fit in one page of results (the World Cup's 32, with room to spare). */
const RESULTS_PAGE = 60;

/** The winner of a finished knockout: the score, then the shoot-out; null while level or unfinished. */
export function knockoutWinner(match: MatchRow): string | null {
  if (match.status !== 'finished') return null;
  const home = match.home_score - match.away_score || (match.home_penalty_score ?? 0) - (match.away_penalty_score ?? 0);
  if (home === 0) return null;
  return home > 0 ? match.home_team_name_zh : match.away_team_name_zh;
}

/**
 * A tournament's knockout rounds (the World Cup's, #/trophy/home): the champion from the final,
 * then each round's results, the final first, each linking its match page; a shoot-out shows as
 * 点球 4-3. Nothing when the competition has played no knockout yet.
 */
export function KnockoutRounds({ context, competitionId }: { context: RemoteContext; competitionId: number }) {
  const results = useLoad(`knockouts:${competitionId}`, () => scoresApi(context.api).competitionResults(competitionId, RESULTS_PAGE));
  return (
    <LoadView state={results.state} failed={boardCopy.failed} onRetry={results.retry}>
      {(page) => {
        const rounds = trophyCopy.rounds
          .map((round) => ({ round, matches: page.list.filter((match) => match.round_zh === round) }))
          .filter((entry) => entry.matches.length > 0);
        if (rounds.length === 0) return null;
        const final = rounds.find((entry) => entry.round === trophyCopy.rounds[0])?.matches[0];
        const champion = final === undefined ? null : knockoutWinner(final);
        return (
          <PagePanel aria-label={trophyCopy.knockouts} data-testid="trophy-knockouts">
            <h2>{trophyCopy.knockouts}</h2>
            {champion !== null && <p data-testid="trophy-champion"><strong>{trophyCopy.champion(champion)}</strong></p>}
            {rounds.map(({ round, matches }) => (
              <section key={round} aria-label={round}>
                <h3>{round}</h3>
                <ul>
                  {matches.map((match) => (
                    <li key={match.match_id} data-testid="knockout-match">
                      <a href={`#/score-detail?id=${match.match_id}`}>
                        <TeamName name={match.home_team_name_zh} /> {match.home_score}-{match.away_score} <TeamName name={match.away_team_name_zh} />
                      </a>
                      {match.home_penalty_score != null && match.away_penalty_score != null && <span>（{trophyCopy.penalties(match.home_penalty_score, match.away_penalty_score)}）</span>}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </PagePanel>
        );
      }}
    </LoadView>
  );
}

import { LoadView, Muted, PagePanel, RemotePageFrame, useLoad, type RemotePageProps } from '@sports/shared';
import { ratingText } from '../matchCentre/format';
import { matchCentreApi } from '../matchCentre/matchCentreApi';
import { matchCentreCopy } from '../matchCentre/matchCentreCopy';
import { FactList, MatchCell, seasonFacts } from '../matchCentre/profiles/ProfileParts';
import { DataTable } from '../ui/DataTable';

const TITLE = matchCentreCopy.playerTitle;

/** #/player?id=: a player's team, season from the matches played and his recent matches with their ratings (api/Player/info). */
export default function PlayerPage({ context, location }: RemotePageProps) {
  const id = Number(location.query.id);
  const valid = Number.isInteger(id) && id >= 1;
  const { state, retry } = useLoad(valid ? `player:${id}` : null, () => matchCentreApi(context.api).player(id));
  if (!valid) {
    return (
      <RemotePageFrame remote="mf-scores" page={location.path} title={TITLE}>
        <Muted>{matchCentreCopy.missingPlayer}</Muted>
      </RemotePageFrame>
    );
  }
  return (
    <RemotePageFrame remote="mf-scores" page={location.path} title={TITLE}>
      <LoadView state={state} failed={matchCentreCopy.failed} onRetry={retry}>
        {(profile) => (
          <>
            <PagePanel aria-label={profile.player.name_zh} data-testid="player-profile">
              <h2>
                {profile.player.shirt_number} {profile.player.name_zh}
              </h2>
              <p>
                {profile.player.position_zh} · <a href={`#/team?id=${profile.team.id}`}>{profile.team.name_zh}</a>
              </p>
              <h3>{matchCentreCopy.season}</h3>
              <FactList label={matchCentreCopy.season} facts={seasonFacts(profile.season, profile.team.sport)} />
            </PagePanel>
            <PagePanel>
              {profile.recent.length === 0 ? (
                <Muted>{matchCentreCopy.noRecent}</Muted>
              ) : (
                <DataTable
                  caption={matchCentreCopy.recent}
                  rows={profile.recent}
                  rowKey={(line) => line.match.match_id}
                  columns={[
                    { header: '比赛', cell: (line) => <MatchCell match={line.match} /> },
                    { header: '出场时间', cell: (line) => `${line.minutes}'${line.starter ? '' : `（${matchCentreCopy.substitutes}）`}` },
                    { header: '进球', cell: (line) => line.goals, hidden: profile.team.sport === 'basketball' },
                    { header: '助攻', cell: (line) => line.assists },
                    { header: '得分', cell: (line) => line.points, hidden: profile.team.sport !== 'basketball' },
                    { header: '篮板', cell: (line) => line.rebounds, hidden: profile.team.sport !== 'basketball' },
                    { header: matchCentreCopy.rating, cell: (line) => ratingText(line.rating), hidden: profile.team.sport === 'basketball' },
                  ]}
                />
              )}
            </PagePanel>
          </>
        )}
      </LoadView>
    </RemotePageFrame>
  );
}

import { PagePanel, type RemotePageProps } from '@sports/shared';
import { ratingText } from '../matchCentre/format';
import { matchCentreApi } from '../matchCentre/matchCentreApi';
import { matchCentreCopy } from '../matchCentre/matchCentreCopy';
import { ProfileFrame } from '../matchCentre/profiles/ProfileFrame';
import { FactList, RecentMatches, seasonFacts } from '../matchCentre/profiles/ProfileParts';

const TITLE = matchCentreCopy.playerTitle;

/** #/player?id=: a player's team, season from the matches played and his recent matches with their ratings (api/Player/info). */
export default function PlayerPage(props: RemotePageProps) {
  return (
    <ProfileFrame {...props} title={TITLE} missing={matchCentreCopy.missingPlayer} kind="player" load={(id) => matchCentreApi(props.context.api).player(id)}>
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
          <RecentMatches
            lines={profile.recent}
            columns={[
              { header: '出场时间', cell: (line) => `${line.minutes}'${line.starter ? '' : `（${matchCentreCopy.substitutes}）`}` },
              { header: '进球', cell: (line) => line.goals, hidden: profile.team.sport === 'basketball' },
              { header: '助攻', cell: (line) => line.assists },
              { header: '得分', cell: (line) => line.points, hidden: profile.team.sport !== 'basketball' },
              { header: '篮板', cell: (line) => line.rebounds, hidden: profile.team.sport !== 'basketball' },
              { header: matchCentreCopy.rating, cell: (line) => ratingText(line.rating), hidden: profile.team.sport === 'basketball' },
            ]}
          />
        </>
      )}
    </ProfileFrame>
  );
}

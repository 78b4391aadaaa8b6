import { Muted, PagePanel, type RemotePageProps } from '@sports/shared';
import type { TeamRecentMatch } from '@sports/shared/matchCentre';
import { ratingText, xgText } from '../matchCentre/format';
import { matchCentreApi } from '../matchCentre/matchCentreApi';
import { matchCentreCopy } from '../matchCentre/matchCentreCopy';
import { ProfileFrame } from '../matchCentre/profiles/ProfileFrame';
import { FactList, RecentMatches } from '../matchCentre/profiles/ProfileParts';
import { DataTable } from '../ui/DataTable';

const TITLE = matchCentreCopy.teamTitle;
const RESULTS: Record<TeamRecentMatch['result'], string> = { W: '胜', D: '平', L: '负' };
const xgOrDash = (xg: number | null) => (xg === null ? '–' : xgText(xg));

/** #/team?id=: a team's season from the matches played, its recent results and its squad (api/Team/info). */
export default function TeamPage(props: RemotePageProps) {
  return (
    <ProfileFrame {...props} title={TITLE} missing={matchCentreCopy.missingTeam} kind="team" load={(id) => matchCentreApi(props.context.api).team(id)}>
      {(profile) => {
        const football = profile.team.sport !== 'basketball';
        const { season } = profile;
        return (
          <>
            <PagePanel aria-label={profile.team.name_zh} data-testid="team-profile">
              <h2>{profile.team.name_zh}</h2>
              <h3>{matchCentreCopy.season}</h3>
              <FactList
                label={matchCentreCopy.season}
                facts={[
                  ['场次', season.played],
                  ['胜', season.won],
                  ...(football ? [['平', season.drawn] as [string, number]] : []),
                  ['负', season.lost],
                  [football ? '进球' : '得分', season.scored],
                  [football ? '失球' : '失分', season.conceded],
                  ...(football
                    ? [
                        ['预期进球', xgText(season.xg_for)] as [string, string],
                        ['预期失球', xgText(season.xg_against)] as [string, string],
                      ]
                    : []),
                ]}
              />
            </PagePanel>
            <RecentMatches
              lines={profile.recent}
              columns={[
                { header: '结果', cell: (line) => RESULTS[line.result] },
                { header: '预期进球', cell: (line) => `${xgOrDash(line.xg_for)} - ${xgOrDash(line.xg_against)}`, hidden: !football },
              ]}
            />
            <PagePanel>
              {profile.squad.length === 0 ? (
                <Muted>{matchCentreCopy.noSquad}</Muted>
              ) : (
                <DataTable
                  caption={matchCentreCopy.squad}
                  rows={profile.squad}
                  rowKey={(player) => player.id}
                  columns={[
                    { header: matchCentreCopy.shirt, cell: (player) => player.shirt_number },
                    { header: matchCentreCopy.player, cell: (player) => <a href={`#/player?id=${player.id}`}>{player.name_zh}</a> },
                    { header: matchCentreCopy.position, cell: (player) => player.position_zh },
                    { header: '出场', cell: (player) => player.season.appearances },
                    { header: football ? '进球' : '得分', cell: (player) => (football ? player.season.goals : player.season.points) },
                    { header: '助攻', cell: (player) => player.season.assists },
                    { header: '平均评分', cell: (player) => ratingText(player.season.average_rating), hidden: !football },
                  ]}
                />
              )}
            </PagePanel>
          </>
        );
      }}
    </ProfileFrame>
  );
}

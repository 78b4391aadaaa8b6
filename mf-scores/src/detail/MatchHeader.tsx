import styled from 'styled-components';
import { PagePanel, type MatchDetail, type MatchRow, type RemoteContext } from '@sports/shared';
import { FollowStar, useFollows } from '@sports/shared/follows';
import { chinaMonthDay, chinaClock, scoreText } from '../board/format';
import { detailCopy, statusCopy } from '../messages';

const Board = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 16px;
  text-align: center;
`;

const Team = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.title};
  font-weight: bold;
`;

const Score = styled.p`
  margin: 0;
  font-size: 32px;
  font-weight: bold;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Facts = styled.p`
  margin: 8px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A team's name links to its page in the knowledge base (mf-community's base-football / base-basketball). */
const TeamLink = styled.a`
  color: inherit;
  text-decoration: none;

  &:hover,
  &:focus-visible {
    text-decoration: underline;
  }
`;

export const teamPageHref = (row: Pick<MatchRow, 'sport'>, teamId: number) => `#/${row.sport === 'basketball' ? 'base-basketball' : 'base-football'}?team=${teamId}`;

/**
 * The match as it stands: teams, score (kept live by the page), time, half-time, a shoot-out
 * (点球 4-3), venue; a follow star beside both teams and the competition (issue 39).
 */
export function MatchHeader({ detail, row, context }: { detail: MatchDetail; row: MatchRow; context: RemoteContext }) {
  const follows = useFollows(context);
  const halfTime = row.home_half_score !== null && row.away_half_score !== null ? detailCopy.halfTime(row.home_half_score, row.away_half_score) : null;
  const penalties = row.home_penalty_score != null && row.away_penalty_score != null ? detailCopy.penalties(row.home_penalty_score, row.away_penalty_score) : null;
  return (
    <PagePanel aria-label={`${row.home_team_name_zh} ${row.away_team_name_zh}`}>
      <Facts>
        {detail.competition_name_zh}
        <FollowStar follows={follows} type="league" id={row.competition_id} name={detail.competition_name_zh} /> · {detail.season_name} · {row.round_zh}
      </Facts>
      <Board>
        <Team>
          <TeamLink href={teamPageHref(row, row.home_team_id)}>{row.home_team_name_zh}</TeamLink>
          <FollowStar follows={follows} type="team" id={row.home_team_id} name={row.home_team_name_zh} />
        </Team>
        <div>
          <Score data-testid="detail-score">{scoreText(row)}</Score>
          <p data-testid="detail-status">
            {row.match_str || statusCopy[row.status]}
            {halfTime && ` · ${halfTime}`}
            {penalties && ` · ${penalties}`}
          </p>
        </div>
        <Team>
          <TeamLink href={teamPageHref(row, row.away_team_id)}>{row.away_team_name_zh}</TeamLink>
          <FollowStar follows={follows} type="team" id={row.away_team_id} name={row.away_team_name_zh} />
        </Team>
      </Board>
      <Facts>
        {detailCopy.kickoff} {chinaMonthDay(row.kickoff_at)} {chinaClock(row.kickoff_at)} · {detailCopy.venue} {detail.venue_zh}
      </Facts>
    </PagePanel>
  );
}

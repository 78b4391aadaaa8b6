import { useState } from 'react';
import styled from 'styled-components';
import { Button, Muted, PagePanel, RemotePageFrame, Tabs, type MatchRow, type RemotePageProps, type ScoreSport, type TabItem } from '@sports/shared';
import { chinaClock, chinaMonthDay } from '../board/format';
import { LiveStatus } from '../board/LiveStatus';
import { useMatchList } from '../board/useMatchList';
import { IntelligenceSection } from '../detail/DetailSections';
import { overlayRows } from '../live/liveRows';
import { useLiveMatches } from '../live/useLiveMatches';
import { boardCopy, foresightCopy, pageCopy, sportNames, statusCopy } from '../messages';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 1fr) 2fr;
  gap: 16px;
  align-items: start;

  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}px) {
    grid-template-columns: 1fr;
  }
`;

const Choices = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** One match to choose: the whole row wide, text to the left, the chosen one shaded and bold. */
const Choice = styled(Button)`
  display: block;
  padding: 8px 10px;
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0;
  color: ${({ theme }) => theme.colors.text};
  text-align: left;

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-weight: bold;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const SPORT_TABS: TabItem<ScoreSport>[] = (['football', 'basketball'] as const).map((key) => ({ key, label: sportNames[key] }));
const BOTH_SPORTS: readonly ScoreSport[] = ['football', 'basketball'];
const TITLE = pageCopy.foresight?.title ?? '';

/** #/foresight: the intelligence centre: upcoming matches and each one's injuries, form and head-to-head. */
export default function ForesightPage({ context, location }: RemotePageProps) {
  const [sport, setSport] = useState<ScoreSport>('football');
  const [chosen, setChosen] = useState<number | null>(null);
  const { liveIndex, status } = useLiveMatches(BOTH_SPORTS);
  const list = useMatchList(context, { sport, status: 'scheduled' });
  const rows = list.state.status === 'ready' ? overlayRows(list.state.rows, liveIndex) : [];
  const selected: MatchRow | undefined = rows.find((row) => row.match_id === chosen) ?? rows[0];

  return (
    <RemotePageFrame remote="mf-scores" page={location.path} title={TITLE} aside={<LiveStatus status={status} />}>
      <PagePanel>
        <Tabs
          label={boardCopy.tabsLabel}
          items={SPORT_TABS}
          selected={sport}
          onSelect={(next) => {
            setSport(next);
            setChosen(null);
          }}
        >
          {list.state.status === 'loading' && <Muted role="status">{boardCopy.loading}</Muted>}
          {list.state.status === 'failed' && <Muted>{boardCopy.failed}</Muted>}
          {list.state.status === 'ready' && rows.length === 0 && <Muted>{foresightCopy.empty}</Muted>}
          {selected && (
            <Layout>
              <nav aria-label={foresightCopy.upcoming}>
                <Choices>
                  {rows.map((row) => (
                    <li key={row.match_id}>
                      <Choice variant="ghost" block aria-pressed={row.match_id === selected.match_id} onClick={() => setChosen(row.match_id)}>
                        {row.home_team_name_zh} - {row.away_team_name_zh}
                        <small>
                          {row.competition_short_zh} {chinaMonthDay(row.kickoff_at)} {chinaClock(row.kickoff_at)} {row.status === 'scheduled' ? '' : statusCopy[row.status]}
                        </small>
                      </Choice>
                    </li>
                  ))}
                </Choices>
              </nav>
              <section aria-label={`${selected.home_team_name_zh} - ${selected.away_team_name_zh}`}>
                <h2>
                  {selected.home_team_name_zh} - {selected.away_team_name_zh}
                </h2>
                <p>
                  <a href={`#/score-detail?id=${selected.match_id}`}>{foresightCopy.toDetail}</a>
                </p>
                <IntelligenceSection key={selected.match_id} context={context} row={selected} />
              </section>
            </Layout>
          )}
        </Tabs>
      </PagePanel>
    </RemotePageFrame>
  );
}

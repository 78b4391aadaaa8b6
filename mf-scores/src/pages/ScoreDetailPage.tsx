import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_COMPANY_ID, LoadView, Muted, PagePanel, RemotePageFrame, Tabs, useLoad, type LiveDataFrame, type RemotePageProps, type ScoreSport, type TabItem } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { LiveStatus } from '../board/LiveStatus';
import { IntelligenceSection, StandingsSection } from '../detail/DetailSections';
import { MatchHeader } from '../detail/MatchHeader';
import { OddsSection } from '../detail/OddsSection';
import { Statistics } from '../detail/Statistics';
import { TimelineTab } from '../detail/TimelineTab';
import { useMatchExponents } from '../detail/useMatchExponents';
import { useLiveMatches } from '../live/useLiveMatches';
import { centreTabs, isCentreView } from '../matchCentre/centreView';
import { createFrameRelay } from '../matchCentre/frameRelay';
import { LiveRoomLinks, useLiveRooms } from '../matchCentre/LiveRoomLinks';
import { MatchCentreSection } from '../matchCentre/MatchCentreSection';
import { detailCopy, pageCopy } from '../messages';

type Section = keyof typeof detailCopy.tabs | 'lineups' | 'charts';
const SECTIONS: TabItem<Section>[] = (Object.keys(detailCopy.tabs) as (keyof typeof detailCopy.tabs)[]).map((key) => ({ key, label: detailCopy.tabs[key] }));
/** The match centre's tabs (issue 36) after 赛况, for the sports that have one. */
const sectionsOf = (sport: ScoreSport): TabItem<Section>[] => [SECTIONS[0]!, ...centreTabs(sport), ...SECTIONS.slice(1)];
const BOTH_SPORTS: readonly ScoreSport[] = ['football', 'basketball'];
/** The open section's name as the page's second-level heading (its parts' headings are h3): read out, not shown (the tab shows it). */
const SectionHeading = styled.h2`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
const TITLE = pageCopy['score-detail']?.title ?? '';

/** #/score-detail?id=: one match, live: header, timeline, statistics, odds with history, standings, intelligence. */
export default function ScoreDetailPage({ context, location }: RemotePageProps) {
  const matchId = Number(location.query.id);
  if (!Number.isInteger(matchId) || matchId < 1) {
    return (
      <RemotePageFrame remote="mf-scores" page={location.path} title={TITLE}>
        <Muted>{detailCopy.missingId}</Muted>
      </RemotePageFrame>
    );
  }
  return <MatchDetailView key={matchId} context={context} page={location.path} matchId={matchId} />;
}

function MatchDetailView({ context, page, matchId }: { context: RemotePageProps['context']; page: string; matchId: number }) {
  const [section, setSection] = useState<Section>('timeline');
  const [companyId, setCompanyId] = useState(DEFAULT_COMPANY_ID);
  const detail = useLoad(`detail:${matchId}`, () => scoresApi(context.api).detail(matchId));
  // Fetched beside the detail; the page shows when both are in (the 看直播 links shift nothing).
  const rooms = useLiveRooms(context, matchId);
  const companies = useLoad('companies', () => scoresApi(context.api).oddsCompanies());
  const { exponents, onFrame: onExponentFrame } = useMatchExponents(context, matchId);
  const [relay] = useState(() => createFrameRelay(matchId));
  const onFrame = useCallback(
    (frame: LiveDataFrame) => {
      onExponentFrame(frame);
      relay.relay(frame);
    },
    [onExponentFrame, relay],
  );
  const [watch] = useState(() => ({ matchId, onResync: relay.resynced }));
  const { liveIndex, status } = useLiveMatches(BOTH_SPORTS, onFrame, companyId, watch);

  return (
    <RemotePageFrame remote="mf-scores" page={page} title={TITLE} aside={<LiveStatus status={status} />}>
      <LoadView state={rooms.status === 'loading' ? { status: 'loading' } : detail.state} failed={detailCopy.failed} onRetry={detail.retry}>
        {(loaded) => {
          const row = liveIndex.get(matchId) ?? loaded.match;
          return (
            <>
              <MatchHeader detail={loaded} row={row} context={context} />
              <LiveRoomLinks rooms={rooms} />
              <PagePanel>
                <SectionHeading>{sectionsOf(row.sport).find((item) => item.key === section)?.label}</SectionHeading>
                <Tabs label={detailCopy.sectionsLabel} items={sectionsOf(row.sport)} selected={section} onSelect={setSection} scrollable>
                  {isCentreView(section) && <MatchCentreSection context={context} row={row} view={section} relay={relay} />}
                  {section === 'timeline' && <TimelineTab context={context} row={row} />}
                  {section === 'statistics' && <Statistics context={context} row={row} />}
                  {section === 'odds' && (
                    <OddsSection
                      context={context}
                      matchId={matchId}
                      sport={row.sport}
                      companies={companies.state.status === 'ready' ? companies.state.data : []}
                      companyId={companyId}
                      onCompany={setCompanyId}
                      exponent={exponents.find((candidate) => candidate.company_id === companyId) ?? null}
                    />
                  )}
                  {section === 'standings' && <StandingsSection context={context} row={row} />}
                  {section === 'intelligence' && <IntelligenceSection context={context} row={row} />}
                </Tabs>
              </PagePanel>
            </>
          );
        }}
      </LoadView>
    </RemotePageFrame>
  );
}

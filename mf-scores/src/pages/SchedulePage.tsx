import { useMemo, useState } from 'react';
import { Button, Muted, PagePanel, RemotePageFrame, Tabs, Toolbar, type RemotePageProps, type ScoreSport, type TabItem } from '@sports/shared';
import { LiveStatus } from '../board/LiveStatus';
import { MatchListView } from '../board/MatchListView';
import { chinaDay, chinaDayOffset } from '../board/format';
import { useLiveMatchList } from '../board/useLiveMatchList';
import { pageCopy, scheduleCopy } from '../messages';

/** SPEC.md section 2: query type 0 all, 1 football, 2 basketball, 3 esports, 4 general. */
const SPORTS_BY_TYPE: Record<string, readonly ScoreSport[]> = {
  '0': ['football', 'basketball', 'esports', 'general'],
  '1': ['football'],
  '2': ['basketball'],
  '3': ['esports'],
  '4': ['general'],
};
type ScheduleType = '0' | '1' | '2' | '3' | '4';
const TYPES: TabItem<ScheduleType>[] = (['0', '1', '2', '3', '4'] as const).map((key) => ({ key, label: scheduleCopy.sports[Number(key)] ?? key }));
/** The days offered: yesterday, today and the next five (China time). */
const DAY_OFFSETS = [-1, 0, 1, 2, 3, 4, 5];
const TITLE = pageCopy.schedule?.title ?? '';

/** #/schedule?type=: the matches of a day, by sport, kept live. */
export default function SchedulePage({ context, location }: RemotePageProps) {
  const type: ScheduleType = (location.query.type ?? '0') in SPORTS_BY_TYPE ? ((location.query.type ?? '0') as ScheduleType) : '0';
  const sports = SPORTS_BY_TYPE[type] ?? [];
  const today = useMemo(() => new Date(), []);
  const [date, setDate] = useState(() => chinaDay(today));
  const sport = sports.length === 1 ? sports[0] : undefined;

  const { status, listProps } = useLiveMatchList(context, sports.length === 0 ? null : { ...(sport ? { sport } : {}), date }, sports);

  const body =
    sports.length === 0 ? (
      <Muted>{scheduleCopy.noScores}</Muted>
    ) : (
      <MatchListView {...listProps} empty={scheduleCopy.empty} mode={sport ?? 'mixed'} caption={`${TITLE} ${date}`} />
    );

  return (
    <RemotePageFrame remote="mf-scores" page={location.path} title={TITLE} aside={sports.length > 0 && <LiveStatus status={status} />}>
      <PagePanel>
        <Tabs label={scheduleCopy.sportsLabel} items={TYPES} selected={type} onSelect={(next) => context.navigate(`/schedule?type=${next}`, { replace: true })}>
          <Toolbar role="group" aria-label={scheduleCopy.datesLabel}>
            {DAY_OFFSETS.map((offset) => {
              const day = chinaDayOffset(today, offset);
              return (
                <Button key={day} aria-pressed={day === date} onClick={() => setDate(day)}>
                  {offset === 0 ? scheduleCopy.today : day.slice(5)}
                </Button>
              );
            })}
          </Toolbar>
          {body}
        </Tabs>
      </PagePanel>
    </RemotePageFrame>
  );
}

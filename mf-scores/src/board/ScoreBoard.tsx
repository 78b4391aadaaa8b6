import { useMemo, useState } from 'react';
import { PagePanel, RemotePageFrame, requireLogin, Tabs, Toolbar, useLoad, type MatchRow, type RemoteContext, type ScoreSport, type TabItem } from '@sports/shared';
import { useFollows } from '@sports/shared/follows';
import { scoresApi } from '../api/scoresApi';
import { overlayRows } from '../live/liveRows';
import { boardCopy } from '../messages';
import { ScoreSettings } from '../settings/ScoreSettings';
import { BoardFilters } from './BoardFilters';
import { boardRows, type BoardTab } from './boardRows';
import { CompetitionFilter } from './CompetitionFilter';
import { FollowFilter, FollowNote } from './FollowFilter';
import { followedFirst } from './followedFirst';
import { LiveStatus } from './LiveStatus';
import { MatchListView } from './MatchListView';
import type { TableMode } from './MatchTable';
import { useLiveMatchList } from './useLiveMatchList';
import type { MatchListState } from './useMatchList';

export interface ScoreBoardProps {
  context: RemoteContext;
  page: string;
  title: string;
  /** One sport (football, basketball) or both (bifen). */
  sports: readonly ScoreSport[];
}

/**
 * The scores board of football, basketball and bifen: live / upcoming / finished tabs (and the
 * signed-in user's favourites), a competition filter, the gameSeting switches, and rows that
 * the live-data socket keeps current without a reload. A follow star beside every team and
 * competition, and the 关注 filter: the followed teams' and leagues' matches first (issue 39).
 */
export function ScoreBoard({ context, page, title, sports }: ScoreBoardProps) {
  const [tab, setTab] = useState<BoardTab>('live');
  const [competitionId, setCompetitionId] = useState<number | null>(null);
  const [followFirst, setFollowFirst] = useState(false);
  const follows = useFollows(context);
  const sport = sports.length === 1 ? sports[0] : undefined;
  const mode: TableMode = sport ?? 'mixed';

  const request = tab === 'favourites' ? null : { ...(sport ? { sport } : {}), status: tab, ...(competitionId === null ? {} : { competition_id: competitionId }) };
  const { liveIndex, status, favourites, listProps } = useLiveMatchList(context, request, sports);
  const competitions = useLoad(`competitions:${sport ?? 'all'}`, () => scoresApi(context.api).competitions(sport));

  const tabs: TabItem<BoardTab>[] = useMemo(
    () => [
      { key: 'live', label: boardCopy.tabs.live },
      { key: 'scheduled', label: boardCopy.tabs.scheduled },
      { key: 'finished', label: boardCopy.tabs.finished },
      ...(favourites.loggedIn ? [{ key: 'favourites' as const, label: boardCopy.tabs.favourites }] : []),
    ],
    [favourites.loggedIn],
  );
  const selected = tabs.some((item) => item.key === tab) ? tab : 'live';
  const competitionList = competitions.state.status === 'ready' ? competitions.state.data : [];
  const competitionName = competitionList.find((competition) => competition.id === competitionId)?.short_name_zh ?? null;

  const table = { ...listProps, mode, caption: boardCopy.listCaption(title, boardCopy.tabs[selected]), showDate: selected !== 'live', follows };
  // The 关注 filter: the followed teams' and leagues' matches first (a guest is asked to log in).
  const filterOn = followFirst && follows.loggedIn;
  const ordered = (rows: MatchRow[]) => (filterOn ? followedFirst(rows, follows.ids) : rows);
  const toggleFollowFirst = () => {
    if (!followFirst && !requireLogin(context)) return;
    setFollowFirst(!followFirst);
  };
  const favouriteRows = favourites.state.status === 'ready' ? favourites.state.rows : [];
  const favouriteState: MatchListState =
    favourites.state.status === 'ready' ? { status: 'ready', rows: favouriteRows, total: favouriteRows.length, page: 1 }
    : favourites.state.status === 'failed' ? { status: 'failed' }
    : { status: 'loading' };
  const body =
    selected === 'favourites' ? (
      <MatchListView
        {...table}
        state={favouriteState}
        present={(fetched) => ordered(overlayRows(fetched, liveIndex).filter((row) => competitionId === null || row.competition_id === competitionId))}
        empty={boardCopy.empty.favourites}
        onRetry={favourites.reload}
        onLoadMore={favourites.reload}
      />
    ) : (
      <MatchListView
        {...table}
        present={(fetched) => ordered(boardRows(selected, fetched, liveIndex, competitionId))}
        empty={boardCopy.empty[selected]}
      />
    );

  return (
    <RemotePageFrame remote="mf-scores" page={page} title={title} aside={<LiveStatus status={status} />}>
      <PagePanel>
        <BoardFilters competitionName={competitionName}>
          <CompetitionFilter competitions={competitionList} value={competitionId} onChange={setCompetitionId} />
          <ScoreSettings />
        </BoardFilters>
      </PagePanel>
      <PagePanel>
        <Toolbar>
          <FollowFilter pressed={filterOn} onToggle={toggleFollowFirst} />
        </Toolbar>
        <Tabs label={boardCopy.tabsLabel} items={tabs} selected={selected} onSelect={setTab}>
          {filterOn && <FollowNote follows={follows} rows={selected === 'favourites' ? favouriteRows : listProps.state.status === 'ready' ? listProps.state.rows : []} />}
          {body}
        </Tabs>
      </PagePanel>
    </RemotePageFrame>
  );
}

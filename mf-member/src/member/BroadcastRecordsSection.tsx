import { useMemo, useState } from 'react';
import { LoadView, Muted, PagePanel, TableScroll, useLoad, type BroadcastRecord, type Replay } from '@sports/shared';
import { Pager } from '@sports/shared/pageKit';
import { broadcastKey, memberApi, MEMBER_LIST_PAGE_SIZE, RECORDS_SCAN_MAX_PAGES, RECORDS_SCAN_PAGE_SIZE, REPLAY_MATCH_PAGE_SIZE, replayHref, replaysByBroadcast, type MemberApi } from '../api/memberApi';
import { recordsCopy } from '../messages';
import type { MemberSectionProps } from '../pages/MemberPage';
import { LinkList } from '../ui/Form';
import { formatDateTime, formatDuration } from '../ui/format';
import { BroadcastChart } from './BroadcastChart';
import { broadcastSeconds, chartWindowStart, dailyStats } from './broadcastStats';

/** The records of the chart's window: newest first, pages of 100 until one starts before the window. */
export async function recordsSince(api: MemberApi, since: Date): Promise<BroadcastRecord[]> {
  const records: BroadcastRecord[] = [];
  for (let page = 1; page <= RECORDS_SCAN_MAX_PAGES; page += 1) {
    const result = await api.broadcastRecords(page, RECORDS_SCAN_PAGE_SIZE);
    records.push(...result.list.filter((record) => new Date(record.started_at).getTime() >= since.getTime()));
    const last = result.list[result.list.length - 1];
    const exhausted = result.list.length < RECORDS_SCAN_PAGE_SIZE || page * RECORDS_SCAN_PAGE_SIZE >= result.total;
    if (exhausted || !last || new Date(last.started_at).getTime() < since.getTime()) break;
  }
  return records;
}

/** A record's 回放 link when its broadcast kept one (hidden ones too: only their anchor sees this table). */
function RecordReplay({ replay, title }: { replay: Replay | undefined; title: string }) {
  if (!replay) return null;
  return (
    <a href={replayHref(replay.id)} aria-label={recordsCopy.replayOf(title)} data-testid="record-replay">
      {recordsCopy.replay}
      {replay.status === 'hidden' ? recordsCopy.replayHidden : ''}
    </a>
  );
}

/** member?type=9 (anchors): each broadcast (`GET api/User/anchorExperienceList`) with its 回放 when kept (`api/Live/replayList?anchor_id=`) and a 30-day chart; a link to the room console. */
export default function BroadcastRecordsSection({ context, user }: MemberSectionProps) {
  const api = memberApi(context.api);
  const isAnchor = user.is_anchor === 1;
  const [page, setPage] = useState(1);
  const list = useLoad(isAnchor ? `records-${page}` : null, () => api.broadcastRecords(page));
  const chart = useLoad(isAnchor ? 'records-chart' : null, () => recordsSince(api, chartWindowStart(new Date())));
  const rooms = useLoad(isAnchor ? 'own-rooms' : null, () => api.ownRooms());
  // Each record's replay (回放), matched by room and start: the anchor's newest replays.
  const replays = useLoad(isAnchor && user.id !== undefined ? `replays-${user.id}` : null, async () => replaysByBroadcast((await api.replaysOfAnchor(user.id ?? 0, undefined, REPLAY_MATCH_PAGE_SIZE)).list));
  const days = useMemo(() => (chart.state.status === 'ready' ? dailyStats(chart.state.data, new Date()) : []), [chart.state]);

  if (!isAnchor) {
    return (
      <Muted>
        {recordsCopy.notAnchor} <a href="#/member?type=7">{recordsCopy.toApply}</a>
      </Muted>
    );
  }

  const ownRoom = rooms.state.status === 'ready' ? rooms.state.data[0] : undefined;
  const now = new Date();
  return (
    <>
      <PagePanel aria-labelledby="member-console-heading">
        <h2 id="member-console-heading">{recordsCopy.console}</h2>
        <LinkList>
          <li>
            {ownRoom ? (
              <a href={`#/live?id=${ownRoom.room_id}`} data-testid="own-room-link">
                {recordsCopy.console}
              </a>
            ) : (
              <a href="#/live?mine=1" data-testid="own-room-link">
                {rooms.state.status === 'ready' ? recordsCopy.createRoom : recordsCopy.console}
              </a>
            )}
          </li>
        </LinkList>
        <p>{recordsCopy.consoleHint}</p>
      </PagePanel>
      <PagePanel aria-labelledby="member-chart-heading">
        <h2 id="member-chart-heading">{recordsCopy.chartTitle}</h2>
        <LoadView state={chart.state} failed={recordsCopy.failed} onRetry={chart.retry}>
          {() => <BroadcastChart days={days} />}
        </LoadView>
      </PagePanel>
      <PagePanel aria-labelledby="member-records-heading">
        <h2 id="member-records-heading">{recordsCopy.list}</h2>
        <LoadView announceFailure state={list.state} failed={recordsCopy.failed} onRetry={list.retry}>
          {(result) =>
            result.list.length === 0 ? (
              <Muted>{recordsCopy.empty}</Muted>
            ) : (
              <>
                <TableScroll>
                  <table data-testid="records-table">
                    <caption>{recordsCopy.list}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{recordsCopy.title}</th>
                        <th scope="col">{recordsCopy.start}</th>
                        <th scope="col">{recordsCopy.duration}</th>
                        <th scope="col">{recordsCopy.peakViewers}</th>
                        <th scope="col">{recordsCopy.replay}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.list.map((record) => (
                        <tr key={record.id} data-testid="record-row">
                          <th scope="row">{record.title || recordsCopy.untitled}</th>
                          <td>{formatDateTime(record.started_at)}</td>
                          <td>
                            {formatDuration(broadcastSeconds(record, now))}
                            {record.ended_at === null ? ` (${recordsCopy.onAir})` : ''}
                          </td>
                          <td>{record.peak_viewers}</td>
                          <td>
                            <RecordReplay replay={replays.state.status === 'ready' ? replays.state.data.get(broadcastKey(record)) : undefined} title={record.title || recordsCopy.untitled} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
                <Pager page={page} total={result.total} pageSize={MEMBER_LIST_PAGE_SIZE} onPage={setPage} />
              </>
            )
          }
        </LoadView>
      </PagePanel>
    </>
  );
}

import { useState } from 'react';
import { LoadView, Muted, RemotePageFrame, TableScroll, Tabs, useLoad, type RankingPeriod, type RemotePageProps } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { listCopy, pageCopy, rankCopy } from '../messages';

const PERIODS: { key: RankingPeriod; label: string }[] = [
  { key: 'week', label: rankCopy.week },
  { key: 'month', label: rankCopy.month },
  { key: 'all', label: rankCopy.all },
];

/** The room ranking (`GET api/Live_streaming/roomRanking`) by period. */
export default function RankPage({ context }: RemotePageProps) {
  const [period, setPeriod] = useState<RankingPeriod>('week');
  const { state, retry } = useLoad(period, () => liveApi(context.api).ranking(period));
  return (
    <RemotePageFrame remote="mf-live" page="rank" title={pageCopy.rank?.title ?? ''}>
      <Tabs label={rankCopy.periods} items={PERIODS} selected={period} onSelect={setPeriod}>
        <LoadView announceFailure state={state} failed={rankCopy.failed} onRetry={retry}>
          {(ranking) =>
            ranking.list.length === 0 ? (
              <Muted>{rankCopy.empty}</Muted>
            ) : (
              <TableScroll>
                <table>
                  <caption>{rankCopy.title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{rankCopy.rank}</th>
                      <th scope="col">{rankCopy.room}</th>
                      <th scope="col">{rankCopy.anchor}</th>
                      <th scope="col">{rankCopy.state}</th>
                      <th scope="col">{rankCopy.score}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ranking.list.map((item) => (
                      <tr key={item.room.room_id}>
                        <td>{item.rank}</td>
                        <td>
                          <a href={`#/live?id=${item.room.room_id}`}>{item.room.title}</a>
                        </td>
                        <td>{item.room.anchor.user_nickname}</td>
                        <td>{item.room.is_live === 1 ? listCopy.live : listCopy.offline}</td>
                        <td>{item.score}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )
          }
        </LoadView>
      </Tabs>
    </RemotePageFrame>
  );
}

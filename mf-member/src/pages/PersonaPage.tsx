import { useState } from 'react';
import { LoadView, Muted, PagePanel, RemotePageFrame, useLoad, type RemotePageProps, type UserReservation, useMemberOnly } from '@sports/shared';
import { Pager } from '@sports/shared/pageKit';
import { memberApi, MEMBER_LIST_PAGE_SIZE } from '../api/memberApi';
import { ReadingHistorySection } from '../headlines/ReadingHistorySection';
import { UserPostsSection } from '../member/UserPostsSection';
import { commonCopy, pageCopy, personaCopy } from '../messages';
import { PlainList } from '../ui/Form';
import { formatDateTime, formatDuration } from '../ui/format';

function reservationLink(reservation: UserReservation): { href: string; text: string; time: string } {
  const match = reservation.match;
  const matchText = `${match.competition_short_zh} ${match.home_team_name_zh} vs ${match.away_team_name_zh}`;
  if (reservation.kind === 'schedule' && reservation.schedule) {
    const schedule = reservation.schedule;
    return { href: `#/live?id=${schedule.room_id}`, text: schedule.title || `${schedule.anchor.user_nickname} · ${matchText}`, time: schedule.starts_at };
  }
  return { href: `#/score-live?id=${match.match_id}`, text: matchText, time: match.kickoff_at };
}

/** persona (my space): my reservations, my watch history, my reading history and my posts (with delete). Members only. */
export default function PersonaPage({ context }: RemotePageProps) {
  const user = useMemberOnly(context);
  const api = memberApi(context.api);
  const [reservePage, setReservePage] = useState(1);
  const [historyPage, setHistoryPage] = useState(1);
  const reservations = useLoad(user ? `reserve-${reservePage}` : null, () => api.userReserveList(reservePage));
  const history = useLoad(user ? `history-${historyPage}` : null, () => api.watchHistory(historyPage));

  return (
    <RemotePageFrame remote="mf-member" page="persona" title={pageCopy.persona?.title ?? ''}>
      {user === null ? (
        <Muted>{commonCopy.loginRequired}</Muted>
      ) : (
        <>
          <PagePanel aria-labelledby="persona-reserve-heading">
            <h2 id="persona-reserve-heading">{personaCopy.reservations}</h2>
            <LoadView state={reservations.state} failed={personaCopy.reservationsFailed} onRetry={reservations.retry}>
              {(result) =>
                result.list.length === 0 ? (
                  <Muted>{personaCopy.reservationsEmpty}</Muted>
                ) : (
                  <>
                    <PlainList aria-label={personaCopy.reservations} data-testid="reservation-list">
                      {result.list.map((reservation) => {
                        const link = reservationLink(reservation);
                        return (
                          <li key={reservation.id}>
                            <a href={link.href}>{link.text}</a>
                            <span>{personaCopy.startsAt(formatDateTime(link.time))}</span>
                          </li>
                        );
                      })}
                    </PlainList>
                    <Pager page={reservePage} total={result.total} pageSize={MEMBER_LIST_PAGE_SIZE} onPage={setReservePage} />
                  </>
                )
              }
            </LoadView>
          </PagePanel>
          <PagePanel aria-labelledby="persona-history-heading">
            <h2 id="persona-history-heading">{personaCopy.history}</h2>
            <LoadView state={history.state} failed={personaCopy.historyFailed} onRetry={history.retry}>
              {(result) =>
                result.list.length === 0 ? (
                  <Muted>{personaCopy.historyEmpty}</Muted>
                ) : (
                  <>
                    <PlainList aria-label={personaCopy.history} data-testid="history-list">
                      {result.list.map((item) => (
                        <li key={item.room_id} data-testid="history-item">
                          <a href={`#/live?id=${item.room_id}`}>{item.title}</a>
                          <a href={`#/about-user?id=${item.anchor_id}`}>{item.anchor_nickname}</a>
                          <span>{item.is_live === 1 ? commonCopy.live : commonCopy.offline}</span>
                          <span>{personaCopy.watchedAt(formatDateTime(item.last_watched_at))}</span>
                          <span>{personaCopy.watchedFor(formatDuration(item.total_seconds))}</span>
                        </li>
                      ))}
                    </PlainList>
                    <Pager page={historyPage} total={result.total} pageSize={MEMBER_LIST_PAGE_SIZE} onPage={setHistoryPage} />
                  </>
                )
              }
            </LoadView>
          </PagePanel>
          <ReadingHistorySection context={context} />
          <UserPostsSection context={context} userId={null} />
        </>
      )}
    </RemotePageFrame>
  );
}

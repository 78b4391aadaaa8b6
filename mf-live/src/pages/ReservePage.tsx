import { LoadView, Muted, PagePanel, RemotePageFrame, useLoad, type RemotePageProps, useMemberOnly } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { FollowSuggestions } from '../follows/FollowSuggestions';
import { pageCopy, reserveCopy, roomCopy } from '../messages';
import { ScheduleList } from '../room/RoomSchedules';
import { formatTime, matchTitle } from '../ui/format';

/** My reservations (`getUserReserveLiveList`) and upcoming scheduled broadcasts (`getReserveLiveList`); members only. None yet: what to follow (teams, live anchors). */
export default function ReservePage({ context }: RemotePageProps) {
  const loggedIn = useMemberOnly(context);
  const api = liveApi(context.api);
  const mine = useLoad(loggedIn ? 'mine' : null, () => api.userReserveList());
  const upcoming = useLoad(loggedIn ? 'upcoming' : null, () => api.reserveLiveList());

  return (
    <RemotePageFrame remote="mf-live" page="reserve" title={pageCopy.reserve?.title ?? ''}>
      {!loggedIn ? (
        <Muted>{reserveCopy.loginRequired}</Muted>
      ) : (
        <>
          <PagePanel aria-label={reserveCopy.mine}>
            <h2>{reserveCopy.mine}</h2>
            <LoadView announceFailure state={mine.state} failed={reserveCopy.failed} onRetry={mine.retry}>
              {(page) =>
                page.list.length === 0 ? (
                  <>
                    <Muted>{reserveCopy.emptyMine}</Muted>
                    <FollowSuggestions context={context} kinds={['team', 'anchor']} />
                  </>
                ) : (
                  <ul data-testid="my-reservations">
                    {page.list.map((reservation) => (
                      <li key={reservation.id}>
                        {reservation.schedule ? (
                          <a href={`#/live?id=${reservation.schedule.room_id}`}>{reservation.schedule.title || matchTitle(reservation.match)}</a>
                        ) : (
                          <a href={`#/score-live?id=${reservation.match.match_id}`}>{matchTitle(reservation.match)}</a>
                        )}{' '}
                        · <time dateTime={reservation.schedule?.starts_at ?? reservation.match.kickoff_at}>{formatTime(reservation.schedule?.starts_at ?? reservation.match.kickoff_at)}</time>
                      </li>
                    ))}
                  </ul>
                )
              }
            </LoadView>
          </PagePanel>
          <PagePanel aria-label={reserveCopy.upcoming}>
            <h2>{reserveCopy.upcoming}</h2>
            <LoadView announceFailure state={upcoming.state} failed={reserveCopy.failed} onRetry={upcoming.retry}>
              {(page) => (page.list.length === 0 ? <Muted>{roomCopy.noSchedules}</Muted> : <ScheduleList context={context} schedules={page.list} />)}
            </LoadView>
          </PagePanel>
        </>
      )}
    </RemotePageFrame>
  );
}

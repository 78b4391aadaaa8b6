import { useId, useState } from 'react';
import { LoadView, Button, useLoad, type RemoteContext, type RoomType } from '@sports/shared';
import { Pager } from '@sports/shared/pageKit';
import { LIVE_LIST_PAGE_SIZE, liveApi } from '../api/liveApi';
import { ownerScheduleCopy as copy } from '../messages';
import { formatTime, matchTitle } from '../ui/format';
import { ConsoleList, ConsoleNote, TOAST_MS } from './ownerConsoleUi';
import { ScheduleForm } from './ScheduleForm';

export interface OwnerSchedulesPanelProps {
  context: RemoteContext;
  roomId: number;
  roomType: RoomType;
  /** A schedule was added or deleted (the viewers' list of the page reloads). */
  onChanged?: () => void;
}

/**
 * The room's upcoming scheduled broadcasts (`getReserveLiveList?room_id=`), each deletable
 * (`GET api/Live/deleteReserveLive?id=`), and the form that adds one.
 */
export function OwnerSchedulesPanel({ context, roomId, roomType, onChanged }: OwnerSchedulesPanelProps) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [pending, setPending] = useState<number | null>(null);
  const headingId = useId();
  const schedules = useLoad(`owner-schedules:${roomId}:${page}:${version}`, () => liveApi(context.api).schedulesOfRoom(roomId, page));
  const changed = () => {
    setVersion((current) => current + 1);
    onChanged?.();
  };

  const remove = async (scheduleId: number) => {
    if (pending !== null) return;
    setPending(scheduleId);
    try {
      await liveApi(context.api).deleteSchedule(scheduleId);
      context.eventBus.emit('toast', { kind: 'success', message: copy.deleted, durationMs: TOAST_MS });
      // The last one of a later page: show the page before.
      if (page > 1 && schedules.state.status === 'ready' && schedules.state.data.list.length === 1) setPage(page - 1);
      changed();
    } catch {
      // The API client has shown why.
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby={headingId} data-testid="owner-schedules">
      <h3 id={headingId}>{copy.heading}</h3>
      <LoadView state={schedules.state} failed={copy.failed} onRetry={schedules.retry}>
        {(data) =>
          data.list.length === 0 ? (
            <ConsoleNote>{copy.empty}</ConsoleNote>
          ) : (
            <>
              <ConsoleList aria-label={copy.heading} data-testid="owner-schedule-list">
                {data.list.map((schedule) => {
                  const name = schedule.title || matchTitle(schedule.match);
                  return (
                    <li key={schedule.id} data-testid="owner-schedule">
                      <span className="grow">
                        {name} · <time dateTime={schedule.starts_at}>{formatTime(schedule.starts_at)}</time>
                      </span>
                      <Button
                        type="button"
                        data-testid="delete-schedule"
                        aria-label={copy.deleteLabel(name)}
                        disabled={pending !== null}
                        onClick={() => void remove(schedule.id)}
                      >
                        {copy.delete}
                      </Button>
                    </li>
                  );
                })}
              </ConsoleList>
              <Pager page={data.page} total={data.total} pageSize={LIVE_LIST_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </LoadView>
      <ScheduleForm context={context} roomType={roomType} onAdded={changed} />
    </section>
  );
}

import { useState } from 'react';
import { requireLogin, Button, type LiveSchedule, type RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { roomCopy } from '../messages';
import { formatTime, matchTitle } from '../ui/format';

export interface ScheduleListProps {
  context: RemoteContext;
  schedules: LiveSchedule[];
}

/** Scheduled broadcasts with a reserve toggle each (`POST api/Live/reserveMatch2`). */
export function ScheduleList({ context, schedules }: ScheduleListProps) {
  const [reserved, setReserved] = useState<Record<number, boolean>>(() => Object.fromEntries(schedules.map((schedule) => [schedule.id, schedule.is_reserved === 1])));
  const [pending, setPending] = useState<number | null>(null);

  const toggle = async (schedule: LiveSchedule) => {
    if (pending !== null || !requireLogin(context)) return;
    setPending(schedule.id);
    try {
      const result = await liveApi(context.api).reserveSchedule(schedule.id, reserved[schedule.id] ? 0 : 1);
      setReserved((current) => ({ ...current, [schedule.id]: result.is_reserved === 1 }));
      if (result.is_reserved === 1) context.eventBus.emit('toast', { kind: 'success', message: roomCopy.reservedToast, durationMs: 2_000 });
    } catch {
      // Shown by the API client; the toggle stays.
    } finally {
      setPending(null);
    }
  };

  if (schedules.length === 0) return <p>{roomCopy.noSchedules}</p>;
  return (
    <ul data-testid="schedule-list">
      {schedules.map((schedule) => {
        const name = schedule.title || matchTitle(schedule.match);
        return (
          <li key={schedule.id}>
            <span>{name}</span> · <time dateTime={schedule.starts_at}>{formatTime(schedule.starts_at)}</time> · {schedule.anchor.user_nickname}{' '}
            <Button type="button" aria-pressed={reserved[schedule.id] === true} aria-label={`${reserved[schedule.id] ? roomCopy.reserved : roomCopy.reserve} ${name}`} disabled={pending === schedule.id} onClick={() => void toggle(schedule)}>
              {reserved[schedule.id] ? roomCopy.reserved : roomCopy.reserve}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { SCHEDULE_TITLE_MAX, Button, useLoad, type LiveSchedule, type RemoteContext, type RoomType, type ScoreSport } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { commonCopy, ownerScheduleCopy as copy } from '../messages';
import { chinaClock, chinaDaysFrom, dayLabel } from '../ui/format';
import { ConsoleForm, ConsoleNote, TOAST_MS } from './ownerConsoleUi';

/** Today and the next 7 days (China time). */
export const SCHEDULE_DAYS = 8;

/** The sport a room of this type most likely schedules (esports and general: any). */
function sportOfRoom(type: RoomType): ScoreSport | '' {
  return type === 1 ? 'football' : type === 2 ? 'basketball' : '';
}

export interface ScheduleFormProps {
  context: RemoteContext;
  roomType: RoomType;
  /** The schedule was stored (setReserveLiveNew answered it). */
  onAdded: (schedule: LiveSchedule) => void;
  /** For tests: what "today" is. */
  now?: () => Date;
}

/**
 * Schedules a broadcast of a match (`POST api/Live/setReserveLiveNew {match_id, title?, starts_at?}`):
 * a day (today + 7), the matches of that day (`POST api/hot_match/all_match`, not finished), an
 * optional title and start time (China time on that day; default the kick-off).
 */
export function ScheduleForm({ context, roomType, onAdded, now = () => new Date() }: ScheduleFormProps) {
  // The days offered are fixed when the form opens.
  const [days] = useState(() => chinaDaysFrom(now(), SCHEDULE_DAYS));
  const [day, setDay] = useState(days[0] ?? '');
  const [sport, setSport] = useState<ScoreSport | ''>(sportOfRoom(roomType));
  const [matchId, setMatchId] = useState('');
  const [title, setTitle] = useState('');
  const [time, setTime] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { day: useId(), sport: useId(), match: useId(), title: useId(), time: useId(), heading: useId() };
  const matches = useLoad(`matches:${day}:${sport}`, async () => {
    const page = await liveApi(context.api).matchesOfDay(sport === '' ? { date: day } : { date: day, sport });
    return page.list.filter((match) => match.status !== 'finished');
  });

  const chooseDay = (next: string) => {
    setDay(next);
    setMatchId('');
  };
  const chooseSport = (next: ScoreSport | '') => {
    setSport(next);
    setMatchId('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (matchId === '') {
      context.eventBus.emit('toast', { kind: 'warning', message: copy.matchRequired, durationMs: TOAST_MS });
      return;
    }
    const trimmed = title.trim();
    setBusy(true);
    try {
      const schedule = await liveApi(context.api).setSchedule({
        match_id: Number(matchId),
        ...(trimmed === '' ? {} : { title: trimmed }),
        ...(time === '' ? {} : { starts_at: `${day}T${time}:00+08:00` }),
      });
      setTitle('');
      setTime('');
      setMatchId('');
      context.eventBus.emit('toast', { kind: 'success', message: copy.added, durationMs: TOAST_MS });
      onAdded(schedule);
    } catch {
      // The API client has shown why (match finished, start in the past…).
    } finally {
      setBusy(false);
    }
  };

  const matchOptions = matches.state.status === 'ready' ? matches.state.data : [];
  return (
    <div>
      <h4 id={ids.heading}>{copy.formHeading}</h4>
      <ConsoleForm aria-labelledby={ids.heading} data-testid="schedule-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={ids.day}>{copy.day}</label>
        <select id={ids.day} data-testid="schedule-day-select" value={day} onChange={(event) => chooseDay(event.target.value)}>
          {days.map((value, index) => (
            <option key={value} value={value}>
              {index === 0 ? `${copy.today} ${dayLabel(value)}` : index === 1 ? `${copy.tomorrow} ${dayLabel(value)}` : dayLabel(value)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.sport}>{copy.sport}</label>
        <select id={ids.sport} data-testid="schedule-sport-select" value={sport} onChange={(event) => chooseSport(event.target.value as ScoreSport | '')}>
          <option value="">{copy.allSports}</option>
          <option value="football">{copy.sports.football}</option>
          <option value="basketball">{copy.sports.basketball}</option>
        </select>
        <label htmlFor={ids.match}>{copy.match}</label>
        <select
          id={ids.match}
          data-testid="schedule-match-select"
          value={matchId}
          disabled={matches.state.status !== 'ready' || matchOptions.length === 0}
          onChange={(event) => setMatchId(event.target.value)}
        >
          <option value="">
            {matches.state.status === 'loading'
              ? copy.matchesLoading
              : matches.state.status === 'failed'
                ? copy.matchesFailed
                : matchOptions.length === 0
                  ? copy.noMatches
                  : copy.chooseMatch}
          </option>
          {matchOptions.map((match) => (
            <option key={match.match_id} value={String(match.match_id)}>
              {`${chinaClock(match.kickoff_at)} ${match.competition_short_zh} ${match.home_team_name_zh} vs ${match.away_team_name_zh}`}
            </option>
          ))}
        </select>
        <label htmlFor={ids.title}>{copy.title}</label>
        <input id={ids.title} data-testid="schedule-title-input" value={title} maxLength={SCHEDULE_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
        <label htmlFor={ids.time}>{copy.startsAt}</label>
        <input id={ids.time} type="time" data-testid="schedule-time-input" value={time} onChange={(event) => setTime(event.target.value)} />
        <Button type="submit" data-testid="schedule-submit" disabled={busy || matchId === ''}>
          {copy.add}
        </Button>
      </ConsoleForm>
      {matches.state.status === 'failed' && (
        <ConsoleNote role="alert">
          {copy.matchesFailed}{' '}
          <Button type="button" onClick={matches.retry}>
            {commonCopy.retry}
          </Button>
        </ConsoleNote>
      )}
    </div>
  );
}

import type { ClipKind, MediaMarker } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import { basketballClock, footballMinute, lateLeadChange, periodName } from '../../../scores/index';

/** The clip cut of each feed event, when the clips module says (it fills MediaArchive.clipOfEvents). */
export type ClipOfEvents = (eventIds: number[]) => Promise<Map<number, number>>;

const KIND_TEXT: Record<ClipKind, string> = { goal: '进球', penalty: '点球', red_card: '红牌', quarter_end: '节末', lead_change: '反超', person: '剪辑' };

/** What a stored event shows as on a seek bar (null: not a marker). */
function markerKind(eventKind: string, detail: string | null, sport: string): ClipKind | null {
  if (eventKind === 'goal') return detail === 'penalty' ? 'penalty' : 'goal';
  if (eventKind === 'red') return 'red_card';
  if (sport !== 'basketball') return null;
  return eventKind === 'period_end' ? 'quarter_end' : eventKind === 'score' ? 'lead_change' : null;
}

/**
 * The match's events between `fromMs` and `toMs` (wall time) as seek-bar markers, `at_ms` from
 * `fromMs`: goals (a penalty goal as `penalty`), red cards, and in basketball the end of each
 * period (`quarter_end`) and the late lead changes the feed clips (`lead_change`: 反超, the rule of
 * scores/leadChanges.ts). An event's feed time plus the room's feed-to-stream offset
 * (`live_room.clip_offset_seconds`, as the clips use it: `offsetMs`) is its stream time.
 */
export async function matchMarkers(
  db: Kysely<Database>,
  matchId: number | null,
  fromMs: number,
  toMs: number,
  clipOfEvents: ClipOfEvents | null,
  offsetMs = 0,
): Promise<MediaMarker[]> {
  if (matchId === null || toMs <= fromMs) return [];
  // Stream time = feed time + the room's offset: the events of the span are those of [from − offset, to − offset].
  fromMs -= offsetMs;
  toMs -= offsetMs;
  const match = await db
    .selectFrom('match')
    .innerJoin('team as home', 'home.id', 'match.home_team_id')
    .innerJoin('team as away', 'away.id', 'match.away_team_id')
    .select(['match.sport', 'home.short_name_zh as home_name', 'away.short_name_zh as away_name'])
    .where('match.id', '=', matchId)
    .executeTakeFirst();
  if (match === undefined) return [];
  const events = await db
    .selectFrom('match_event')
    .select(['id', 'kind', 'side', 'detail', 'period', 'minute', 'extra_minute', 'clock_seconds', 'home_score', 'away_score', 'occurred_at'])
    .where('match_id', '=', matchId)
    .where((where) => where.or([where('kind', 'in', ['goal', 'red', 'period_end']), match.sport === 'basketball' ? lateLeadChange('match_event') : sql<boolean>`false`]))
    .where('occurred_at', '>=', new Date(fromMs))
    .where('occurred_at', '<=', new Date(toMs))
    .orderBy('occurred_at')
    .orderBy('id')
    .limit(500)
    .execute();
  const clips = clipOfEvents === null || events.length === 0 ? new Map<number, number>() : await clipOfEvents(events.map((event) => Number(event.id)));
  const markers: MediaMarker[] = [];
  for (const event of events) {
    const kind = markerKind(event.kind, event.detail, match.sport);
    if (kind === null) continue;
    const team = event.side === 'home' ? match.home_name : event.side === 'away' ? match.away_name : '';
    const when =
      kind === 'quarter_end' ? `${periodName(event.period ?? 1)}结束` : kind === 'lead_change' ? basketballClock(event.period, event.clock_seconds) : footballMinute(event.minute, event.extra_minute);
    const score = kind === 'red_card' ? '' : ` ${event.home_score}-${event.away_score}`;
    const label = kind === 'quarter_end' ? `${when}${score}` : `${when} ${KIND_TEXT[kind]} ${team}${score}`.trim();
    markers.push({ at_ms: Math.max(0, event.occurred_at.getTime() - fromMs), kind, label, clip_id: clips.get(Number(event.id)) ?? null });
  }
  return markers;
}

import { EVENT_CLIP_AFTER_SECONDS, EVENT_CLIP_BEFORE_SECONDS } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { lateLeadChange } from '../scores/index';
import type { ClipService } from './clipService';
import { type FeedClipEvent, feedClipKind, feedClipMinute, feedClipTitle } from './clipTitles';

/** A basketball quarter's clip: its last 24 s (the shot clock). */
export const QUARTER_END_CLIP_SECONDS = 24;
/** Events older than this are not clipped any more (a restart long after, a room that went live later). */
const LOOK_BACK_MS = 10 * 60_000;
const BATCH = 50;

interface CandidateRow {
  id: number;
  match_id: number;
  kind: string;
  detail: string | null;
  side: 'home' | 'away' | null;
  period: number | null;
  minute: number | null;
  extra_minute: number | null;
  clock_seconds: number | null;
  player_zh: string | null;
  home_score: number;
  away_score: number;
  occurred_at: Date;
  sport: string;
  home_name: string;
  away_name: string;
  room_id: number;
  owner_id: number;
  clip_offset_seconds: number;
}

/**
 * Feed clips: which stored match events of matches shown by a live room make a clip, and when.
 * Football: every goal (a penalty goal is a `penalty` clip) and red card, t−20 s…t+10 s.
 * Basketball: each quarter's end (its last 24 s) and every lead change (the leader before the
 * basket trails after it) in the last 2 minutes of the fourth quarter or overtime, t−20 s…t+10 s.
 * t is the event's wall time plus the room's clip_offset_seconds (read when the clip is claimed,
 * so a new offset applies to later clips). One room per event (the lowest room id showing the
 * match): the clip row's unique event id makes a second claim, on this node or any other, a no-op.
 *
 * Only the node running the feed ticks (clipsPlugin.ts asks `shouldRun`), every `intervalMs`;
 * the service then waits for the archive to hold t+10 s before cutting.
 */
export class FeedClipWatcher {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clips: ClipService,
    private readonly log: FastifyBaseLogger,
    private readonly options: { intervalMs: number; shouldRun: () => boolean; now?: () => number },
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      if (this.ticking !== null || !this.options.shouldRun()) return;
      this.ticking = this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.log.warn({ err: error }, 'clips: the feed clip watcher could not read events'))
        .finally(() => {
          this.ticking = null;
        });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** One look at the events not clipped yet; answers the ids of the clips this call claimed. */
  async tick(): Promise<number[]> {
    const now = (this.options.now ?? Date.now)();
    const { rows } = await sql<CandidateRow>`
      select distinct on (e.id)
        e.id, e.match_id, e.kind, e.detail, e.side, e.period, e.minute, e.extra_minute, e.clock_seconds, e.player_zh,
        e.home_score, e.away_score, e.occurred_at, m.sport, h.name_zh as home_name, a.name_zh as away_name,
        r.id as room_id, r.owner_id, r.clip_offset_seconds
      from live_room r
      join match_event e on e.match_id = r.match_id
      join match m on m.id = e.match_id
      join team h on h.id = m.home_team_id
      join team a on a.id = m.away_team_id
      where r.stream_status = 'live' and r.match_id is not null
        and e.occurred_at > ${new Date(now - LOOK_BACK_MS)}
        -- The room showed this match and was on air when it happened (a room pointed at a match
        -- after a goal has no picture of it: migration 0033's match_since).
        and (r.match_since is null or e.occurred_at >= r.match_since)
        and exists (select 1 from broadcast b where b.room_id = r.id and b.ended_at is null and b.started_at <= e.occurred_at)
        and (
          (m.sport = 'football' and e.kind in ('goal', 'red'))
          or (m.sport = 'basketball' and e.kind = 'period_end')
          or (m.sport = 'basketball' and ${lateLeadChange('e')})
        )
        and not exists (select 1 from clip c where c.event_id = e.id)
      order by e.id, r.id
      limit ${BATCH}`.execute(this.db);
    const claimed: number[] = [];
    for (const row of rows) {
      const event: FeedClipEvent = {
        eventId: Number(row.id),
        matchId: Number(row.match_id),
        sport: row.sport,
        eventKind: row.kind,
        detail: row.detail,
        side: row.side,
        period: row.period,
        minute: row.minute,
        extraMinute: row.extra_minute,
        clockSeconds: row.clock_seconds,
        playerZh: row.player_zh,
        homeScore: row.home_score,
        awayScore: row.away_score,
        homeName: row.home_name,
        awayName: row.away_name,
        occurredAt: row.occurred_at,
      };
      const kind = feedClipKind(event);
      if (kind === 'person') continue;
      const t = row.occurred_at.getTime() + row.clip_offset_seconds * 1000;
      const span = kind === 'quarter_end' ? { fromMs: t - QUARTER_END_CLIP_SECONDS * 1000, toMs: t } : { fromMs: t - EVENT_CLIP_BEFORE_SECONDS * 1000, toMs: t + EVENT_CLIP_AFTER_SECONDS * 1000 };
      const id = await this.clips.claimFeedClip({
        roomId: Number(row.room_id),
        anchorId: Number(row.owner_id),
        matchId: event.matchId,
        eventId: event.eventId,
        kind,
        title: feedClipTitle(event),
        minute: feedClipMinute(event),
        homeScore: kind === 'red_card' ? null : event.homeScore,
        awayScore: kind === 'red_card' ? null : event.awayScore,
        happenedAtMs: t,
        ...span,
      });
      if (id !== null) claimed.push(id);
    }
    if (claimed.length > 0) this.log.info({ clips: claimed.length }, 'clips: feed events claimed');
    return claimed;
  }
}

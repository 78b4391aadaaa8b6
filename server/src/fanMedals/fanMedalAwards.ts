import { type Kysely, sql } from 'kysely';
import { chinaDate } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import type { FanMedalsConfig } from './fanMedalsConfig';

/**
 * A watch tick is counted at most once in this share of the tick per member and anchor (two nodes,
 * two tabs, a retried tick): 500 s of a 600 s tick.
 */
export const WATCH_SPACING_SHARE = 5 / 6;

/** A member and an anchor: one medal. */
export interface MedalPair {
  memberId: number;
  anchorId: number;
}

/** A medal row after an award: what the worn-medal cache follows. */
export interface MedalProgress extends MedalPair {
  intimacy: number;
  lastInteractionAt: Date;
}

interface ProgressRow {
  member_id: string | number;
  anchor_id: string | number;
  intimacy: string | number;
  last_interaction_at: Date;
}

const progressOf = (row: ProgressRow): MedalProgress => ({
  memberId: Number(row.member_id),
  anchorId: Number(row.anchor_id),
  intimacy: Number(row.intimacy),
  lastInteractionAt: row.last_interaction_at,
});

/** Distinct, well-formed pairs in (member, anchor) order: the rows are locked in one order by every award. */
function sortedPairs(pairs: readonly MedalPair[]): MedalPair[] {
  const seen = new Map<string, MedalPair>();
  for (const pair of pairs) {
    if (!Number.isSafeInteger(pair.memberId) || pair.memberId <= 0 || !Number.isSafeInteger(pair.anchorId) || pair.anchorId <= 0 || pair.memberId === pair.anchorId) continue;
    seen.set(`${pair.memberId}:${pair.anchorId}`, pair);
  }
  return [...seen.values()].sort((a, b) => a.memberId - b.memberId || a.anchorId - b.anchorId);
}

/**
 * Intimacy from watching and chatting (gifts and guards add theirs in the database, in their own
 * transaction: migration 0035). Only a medal that exists grows this way: a member earns the medal
 * with a first gift or guard. Each award is one statement; the China day's counters reset when the
 * day changes, a capped counter adds nothing, and every award (capped or not) is an interaction
 * that lights the medal again.
 */
export class FanMedalAwards {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: FanMedalsConfig,
  ) {}

  get watchTickMs(): number {
    return this.config.watchTickSeconds * 1000;
  }

  /** One watch tick for each pair (members watching the anchor's open room): +1 under the day's cap, once per tick. */
  async watched(pairs: readonly MedalPair[], now: Date): Promise<MedalProgress[]> {
    const sorted = sortedPairs(pairs);
    if (sorted.length === 0 || this.config.watchPerDay === 0) return [];
    const day = chinaDate(now);
    const spacingSeconds = Math.max(1, Math.floor(this.config.watchTickSeconds * WATCH_SPACING_SHARE));
    const result = await sql<ProgressRow>`
      update fan_medal as f set
        intimacy = f.intimacy + 1,
        watch_today = case when f.day = ${day}::date then f.watch_today + 1 else 1 end,
        chat_today = case when f.day = ${day}::date then f.chat_today else 0 end,
        day = ${day}::date,
        last_watch_at = ${now}::timestamptz,
        last_interaction_at = greatest(f.last_interaction_at, ${now}::timestamptz)
      from (select * from unnest(${sorted.map((pair) => pair.memberId)}::bigint[], ${sorted.map((pair) => pair.anchorId)}::bigint[]) as w(member_id, anchor_id)
            order by member_id, anchor_id) as w
      where f.member_id = w.member_id and f.anchor_id = w.anchor_id
        and (f.day is distinct from ${day}::date or f.watch_today < ${this.config.watchPerDay})
        and (f.last_watch_at is null or f.last_watch_at <= ${now}::timestamptz - make_interval(secs => ${spacingSeconds}))
      returning f.member_id, f.anchor_id, f.intimacy, f.last_interaction_at`.execute(this.db);
    return result.rows.map(progressOf);
  }

  /**
   * Chat lines in anchors' rooms: `lines` per pair (batched by FanMedalChatLines). Each line adds
   * +1 up to the day's cap; any line lights the medal.
   */
  async chatted(lines: ReadonlyMap<string, { pair: MedalPair; count: number }>, now: Date): Promise<MedalProgress[]> {
    const entries = [...lines.values()].filter((entry) => sortedPairs([entry.pair]).length === 1 && entry.count > 0);
    if (entries.length === 0) return [];
    entries.sort((a, b) => a.pair.memberId - b.pair.memberId || a.pair.anchorId - b.pair.anchorId);
    const day = chinaDate(now);
    const cap = this.config.chatPerDay;
    const result = await sql<ProgressRow>`
      update fan_medal as f set
        intimacy = f.intimacy + (case when f.day = ${day}::date then least(c.lines, greatest(${cap} - f.chat_today, 0)) else least(c.lines, ${cap}) end),
        chat_today = case when f.day = ${day}::date then least(f.chat_today + c.lines, greatest(f.chat_today, ${cap})) else least(c.lines, ${cap}) end,
        watch_today = case when f.day = ${day}::date then f.watch_today else 0 end,
        day = ${day}::date,
        last_interaction_at = greatest(f.last_interaction_at, ${now}::timestamptz)
      from (select * from unnest(${entries.map((entry) => entry.pair.memberId)}::bigint[], ${entries.map((entry) => entry.pair.anchorId)}::bigint[], ${entries.map((entry) => entry.count)}::integer[]) as c(member_id, anchor_id, lines)
            order by member_id, anchor_id) as c
      where f.member_id = c.member_id and f.anchor_id = c.anchor_id
      returning f.member_id, f.anchor_id, f.intimacy, f.last_interaction_at`.execute(this.db);
    return result.rows.map(progressOf);
  }
}

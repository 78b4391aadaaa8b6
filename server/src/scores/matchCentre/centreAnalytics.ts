import type { ChartGoal, MomentumBucket, ScoreSport, XgPoint } from '@sports/shared/server';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { CentreAction } from './centreAction';
import { PERIOD_MINUTES, courtOf } from './court';
import { type LeadSummary, leadTracker, periodStartSeconds } from './leadTracker';
import { chartGoals, momentumBuckets } from './momentum';
import { xgTimeline } from './xgTimeline';

/** What the server computes of a match from its actions (match_analytics.data). */
export interface MatchAnalytics {
  sport: ScoreSport;
  momentum: MomentumBucket[];
  goals: ChartGoal[];
  xg_timeline: XgPoint[];
  home_xg: number;
  away_xg: number;
  lead: LeadSummary | null;
  /** Basketball: the game seconds played so far (the lead tracker's x range). */
  game_seconds: number;
}

export function emptyAnalytics(sport: ScoreSport): MatchAnalytics {
  return { sport, momentum: [], goals: [], xg_timeline: [], home_xg: 0, away_xg: 0, lead: sport === 'basketball' ? { points: [], largest_lead: { home: 0, away: 0 }, lead_changes: 0, ties: 0, runs: [] } : null, game_seconds: 0 };
}

export const ACTION_COLUMNS = [
  'id',
  'side',
  'player_id',
  'player_zh',
  'kind',
  'period',
  'minute',
  'extra',
  'second',
  'clock_seconds',
  'x',
  'y',
  'xg',
  'outcome',
  'head',
  'situation',
  'points',
  'made',
  'count',
  'home_score',
  'away_score',
  'card',
  'player_in_id',
  'player_in_zh',
] as const;

export async function actionsOf(db: Kysely<Database> | Transaction<Database>, matchId: number, kinds?: readonly CentreAction['kind'][]): Promise<CentreAction[]> {
  let query = db.selectFrom('match_action').select([...ACTION_COLUMNS]).where('match_id', '=', matchId);
  if (kinds !== undefined) query = query.where('kind', 'in', kinds);
  return (await query.orderBy('id').execute()).map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * The analytics of one match from all its actions and its clock: computed when a batch touched
 * the match (recomputing from the actions keeps them exact whatever arrived again), stored, and
 * read by every viewer as is.
 */
export function computeAnalytics(
  sport: ScoreSport,
  actions: readonly CentreAction[],
  clock: { status: string; period: number | null; minute: number | null; extra_minute: number | null; clock_seconds: number | null },
  competitionName: string,
): MatchAnalytics {
  if (sport === 'basketball') {
    const periodMinutes = PERIOD_MINUTES[courtOf(competitionName)];
    const lead = leadTracker(actions, periodMinutes);
    const period = clock.period ?? 0;
    const played = period === 0 ? 0 : periodStartSeconds(period, periodMinutes) + (period <= 4 ? periodMinutes * 60 : 300) - (clock.clock_seconds ?? 0);
    return { ...emptyAnalytics(sport), lead, game_seconds: Math.max(played, lead.points.at(-1)?.elapsed_seconds ?? 0) };
  }
  const live = clock.status !== 'scheduled' && clock.period !== null && clock.minute !== null;
  // The shoot-out (period 5) adds no minutes.
  const through = live ? { period: Math.min(clock.period ?? 1, 4), minute: clock.minute ?? 1, extra: clock.extra_minute ?? 0 } : null;
  const timeline = xgTimeline(actions);
  return { ...emptyAnalytics(sport), momentum: momentumBuckets(actions, through), goals: chartGoals(actions), xg_timeline: timeline.points, home_xg: timeline.home_xg, away_xg: timeline.away_xg };
}

/**
 * The committed actions of matches in play, kept between batches so a batch reads only the
 * actions it added (an index range on (match_id, id)) instead of the whole match again. Filled
 * after commit only (`commit`), so a rolled-back batch leaves nothing behind; a finished match
 * leaves it; at most `limit` matches (the oldest touched go first).
 */
export class ActionCache {
  private readonly lists = new Map<number, CentreAction[]>();

  constructor(private readonly limit = 500) {}

  get(matchId: number): CentreAction[] | undefined {
    return this.lists.get(matchId);
  }

  commit(updates: ReadonlyMap<number, CentreAction[] | null>): void {
    for (const [matchId, actions] of updates) {
      this.lists.delete(matchId);
      if (actions !== null) this.lists.set(matchId, actions);
    }
    while (this.lists.size > this.limit) {
      const oldest = this.lists.keys().next().value;
      if (oldest === undefined) break;
      this.lists.delete(oldest);
    }
  }
}

export interface RefreshedAnalytics {
  analytics: Map<number, { before: MatchAnalytics | null; after: MatchAnalytics }>;
  /** What the cache holds after commit: each match's actions, or null (finished: forget it). */
  cacheUpdates: Map<number, CentreAction[] | null>;
}

/** Recomputes and stores the analytics of `matchIds`; returns each one's before and after. */
export async function refreshAnalytics(trx: Transaction<Database>, matchIds: readonly number[], cache: ActionCache = new ActionCache(0)): Promise<RefreshedAnalytics> {
  const result = new Map<number, { before: MatchAnalytics | null; after: MatchAnalytics }>();
  const cacheUpdates = new Map<number, CentreAction[] | null>();
  if (matchIds.length === 0) return { analytics: result, cacheUpdates };
  const matches = await trx
    .selectFrom('match as m')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .leftJoin('match_analytics as a', 'a.match_id', 'm.id')
    .select(['m.id', 'm.sport', 'm.status', 'm.period', 'm.minute', 'm.extra_minute', 'm.clock_seconds', 'c.name_zh', 'a.data'])
    .where('m.id', 'in', matchIds)
    .execute();
  const rows = [];
  // The matches in the cache: one read of what was added to all of them (ids only grow).
  const cachedIds = matches.map((match) => Number(match.id)).filter((id) => cache.get(id) !== undefined);
  const added = await actionsAfter(trx, cachedIds, Math.min(...cachedIds.map((id) => cache.get(id)?.at(-1)?.id ?? 0)));
  for (const match of matches) {
    if (match.sport !== 'football' && match.sport !== 'basketball') continue;
    const matchId = Number(match.id);
    const cached = cache.get(matchId);
    const last = cached?.at(-1)?.id ?? 0;
    const actions = cached === undefined ? await actionsOf(trx, matchId) : [...cached, ...added.filter((action) => action.match_id === matchId && action.id > last)];
    cacheUpdates.set(matchId, match.status === 'finished' ? null : actions);
    const after = computeAnalytics(match.sport, actions, match, match.name_zh);
    result.set(Number(match.id), { before: (match.data as MatchAnalytics | null) ?? null, after });
    rows.push({ match_id: match.id, data: JSON.stringify(after) });
  }
  if (rows.length > 0) {
    await trx
      .insertInto('match_analytics')
      .values(rows)
      .onConflict((conflict) => conflict.column('match_id').doUpdateSet({ data: sql`excluded.data`, updated_at: sql`now()` }))
      .execute();
  }
  return { analytics: result, cacheUpdates };
}

/** The actions of `matchIds` with an id above `afterId`, oldest first. */
async function actionsAfter(trx: Transaction<Database>, matchIds: readonly number[], afterId: number): Promise<(CentreAction & { match_id: number })[]> {
  if (matchIds.length === 0) return [];
  const rows = await trx.selectFrom('match_action').select([...ACTION_COLUMNS, 'match_id']).where('match_id', 'in', matchIds).where('id', '>', afterId).orderBy('id').execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), match_id: Number(row.match_id) }));
}

import type { AllMatchRequest, MatchRow, PageOf, PageQuery, ScoreSport } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { chinaDate, chinaDayRange } from '../infra/chinaTime';
import { matchRowQuery, toMatchRow } from './matchRows';
import { pageOf, pageWindow } from '../infra/http/pagination';

type MatchQuery = ReturnType<typeof matchRowQuery>;

/** Recommendations look this far ahead for upcoming matches. */
const RECOMMEND_AHEAD_MS = 24 * 3_600_000;

/** A page of a filtered match query, with the total. */
async function pageOfMatches(query: MatchQuery, window: ReturnType<typeof pageWindow>, order: (query: MatchQuery) => MatchQuery): Promise<PageOf<MatchRow>> {
  const { n } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await order(query).limit(window.pageSize).offset(window.offset).execute();
  return pageOf(rows.map(toMatchRow), n, window);
}

/** Without a date, the 已结束 tab looks this far back: a fan at 00:30 still finds the evening's results. */
const RECENT_RESULTS_MS = 24 * 3_600_000;
/** Without a date, the 未开始 tab looks this far ahead beyond today: at 23:00 the night's 03:00 kick-offs are there. */
const UPCOMING_AHEAD_MS = 24 * 3_600_000;

/**
 * The kick-off window of an `all_match` request, or null for none. A date names one China day,
 * whatever the status. Without one, the board's tabs ask what a fan means by them, which one China
 * day is not around midnight: 进行中 is every match in play (one that kicked off at 23:30 is still
 * in play at 00:10), 已结束 the matches of the last 24 hours (at 00:05 the evening's results, not
 * an empty day), 未开始 today and the next 24 hours (Europe's evening games kick off after midnight
 * in China: at 23:00 the 03:00 kick-off is the night's, not tomorrow's), and every status today.
 */
export function kickoffWindowOf(request: Pick<AllMatchRequest, 'date' | 'status'>, now: Date): { from: Date; to: Date } | null {
  if (request.date === undefined && request.status === 'live') return null;
  if (request.date === undefined && request.status === 'finished') return { from: new Date(now.getTime() - RECENT_RESULTS_MS), to: now };
  const day = chinaDayRange(request.date ?? chinaDate(now));
  if (day === null) throw errors.SCORES_BAD_DATE();
  if (request.date === undefined && request.status === 'scheduled') {
    const ahead = new Date(now.getTime() + UPCOMING_AHEAD_MS);
    return { from: day.from, to: ahead > day.to ? ahead : day.to };
  }
  return day;
}

/**
 * `POST api/hot_match/all_match`: the matches of one China day (the window above without a
 * date), by sport, competition and status ('live' includes half-time), in kick-off order.
 */
export async function allMatches(db: Kysely<Database>, request: AllMatchRequest, now: Date): Promise<PageOf<MatchRow>> {
  const kickoffs = kickoffWindowOf(request, now);
  let query = matchRowQuery(db);
  if (kickoffs !== null) query = query.where('m.kickoff_at', '>=', kickoffs.from).where('m.kickoff_at', '<', kickoffs.to);
  if (request.sport !== undefined) query = query.where('m.sport', '=', request.sport);
  if (request.competition_id !== undefined) query = query.where('m.competition_id', '=', request.competition_id);
  if (request.status === 'live') query = query.where('m.status', 'in', ['live', 'halftime']);
  else if (request.status !== undefined) query = query.where('m.status', '=', request.status);
  return pageOfMatches(query, pageWindow(request), (ordered) => ordered.orderBy('m.kickoff_at').orderBy('m.id'));
}

/**
 * `GET api/hot_match/recommend`: matches of hot competitions worth opening now: in play first,
 * then the next kick-offs of the coming day; hotter competitions first within each.
 */
export async function recommendedMatches(db: Kysely<Database>, query: PageQuery & { sport?: ScoreSport }, now: Date): Promise<PageOf<MatchRow>> {
  let filtered = matchRowQuery(db)
    .where('c.hot_rank', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('m.status', 'in', ['live', 'halftime']),
        eb.and([eb('m.status', '=', 'scheduled'), eb('m.kickoff_at', '>=', now), eb('m.kickoff_at', '<', new Date(now.getTime() + RECOMMEND_AHEAD_MS))]),
      ]),
    );
  if (query.sport !== undefined) filtered = filtered.where('m.sport', '=', query.sport);
  return pageOfMatches(filtered, pageWindow(query), (ordered) =>
    ordered
      .orderBy(sql`case when m.status = 'scheduled' then 1 else 0 end`)
      .orderBy('c.hot_rank')
      .orderBy('m.kickoff_at')
      .orderBy('m.id'),
  );
}

/** `GET api/scores/favorites`: the user's favourite matches, in kick-off order. */
export async function favoriteMatches(db: Kysely<Database>, userId: number, query: PageQuery): Promise<PageOf<MatchRow>> {
  const filtered = matchRowQuery(db).where('m.id', 'in', (eb) => eb.selectFrom('match_favorite').select('match_id').where('user_id', '=', userId));
  return pageOfMatches(filtered, pageWindow(query), (ordered) => ordered.orderBy('m.kickoff_at').orderBy('m.id'));
}

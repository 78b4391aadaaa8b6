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

/**
 * `POST api/hot_match/all_match`: the schedule of one China day (today when `date` is absent),
 * by sport, competition and status ('live' includes half-time), in kick-off order.
 */
export async function allMatches(db: Kysely<Database>, request: AllMatchRequest, now: Date): Promise<PageOf<MatchRow>> {
  const day = chinaDayRange(request.date ?? chinaDate(now));
  if (day === null) throw errors.SCORES_BAD_DATE();
  let query = matchRowQuery(db).where('m.kickoff_at', '>=', day.from).where('m.kickoff_at', '<', day.to);
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

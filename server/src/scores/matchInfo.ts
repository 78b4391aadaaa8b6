import type {
  ExponentRow,
  Intelligence,
  MatchDetail,
  MatchEvent,
  MatchStatistic,
  OddsHistoryRow,
  OddsMarketName,
  PageOf,
  PageQuery,
  ScoreSport,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { exponentRows, matchRowQuery, toMatchRow, withoutHot } from './matchRows';
import { footballMinute, formatMatchStr } from './matchStr';
import { neutralVenue } from './feed/world/venues';
import { type PageWindow, pageOf, pageWindow } from '../infra/http/pagination';

/** What the score-detail page shows by statistic kind. */
const STATISTIC_NAMES: Record<string, string> = {
  possession: '控球率',
  attacks: '进攻',
  dangerous_attacks: '危险进攻',
  shots: '射门',
  shots_on_target: '射正',
  corners: '角球',
  fouls: '犯规',
  offsides: '越位',
  yellow_cards: '黄牌',
  red_cards: '红牌',
  field_goals: '投篮命中',
  three_pointers: '三分命中',
  free_throws: '罚球命中',
  rebounds: '篮板',
  assists: '助攻',
  steals: '抢断',
  blocks: '盖帽',
  turnovers: '失误',
};

/** `GET api/scores/match`: the row plus what the detail header needs. */
export async function matchDetail(db: Kysely<Database>, matchId: number): Promise<MatchDetail> {
  const record = await matchRowQuery(db)
    .innerJoin('season as s', 's.id', 'm.season_id')
    .select(['c.name_zh as competition_name_zh', 's.name as season_name', 'h.venue_zh', 'h.short_name_zh as home_team_short_zh', 'a.short_name_zh as away_team_short_zh'])
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  if (record === undefined) throw errors.SCORES_MATCH_NOT_FOUND();
  const { competition_name_zh, season_name, venue_zh, home_team_short_zh, away_team_short_zh, ...row } = record;
  const match = toMatchRow(row);
  // A tournament at neutral grounds (the World Cup, a snooker event) is not at the home side's.
  const venue = neutralVenue(competition_name_zh, match.round_zh, match.match_id) ?? venue_zh;
  return { match, competition_name_zh, season_name, venue_zh: venue, home_team_short_zh, away_team_short_zh };
}

async function sportOf(db: Kysely<Database>, matchId: number): Promise<ScoreSport> {
  const match = await db.selectFrom('match').select('sport').where('id', '=', matchId).executeTakeFirst();
  if (match === undefined) throw errors.SCORES_MATCH_NOT_FOUND();
  return match.sport;
}

/** The time an event shows: "67'", "中场", "第3节 05:12", "第2节结束". */
function eventMatchStr(sport: ScoreSport, event: Pick<MatchEvent, 'kind' | 'period' | 'minute' | 'extra_minute' | 'clock_seconds'>): string {
  if (event.kind === 'halftime') return '中场';
  if (event.kind === 'fulltime') return '完场';
  if (sport === 'football') return footballMinute(event.minute, event.extra_minute);
  // Series: an esports event shows its game minute ("第2局 15'"), a game's end "第2局结束"; snooker "第2局".
  const minute = event.kind === 'game_end' ? null : event.minute;
  return formatMatchStr({ sport, status: 'live', period: event.period, minute: sport === 'basketball' ? null : minute, extra_minute: null, clock_seconds: event.clock_seconds });
}

/** `GET api/scores/events` (oldest first) and the commentary (newest first). */
export async function eventsOf(db: Kysely<Database>, matchId: number, window: PageWindow, order: 'asc' | 'desc' = 'asc'): Promise<PageOf<MatchEvent>> {
  const sport = await sportOf(db, matchId);
  const { n } = await db
    .selectFrom('match_event')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('match_id', '=', matchId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('match_event')
    .select(['id', 'match_id', 'kind', 'side', 'detail', 'period', 'minute', 'extra_minute', 'clock_seconds', 'player_zh', 'player_in_zh', 'points', 'home_score', 'away_score', 'occurred_at'])
    .where('match_id', '=', matchId)
    .orderBy('occurred_at', order)
    .orderBy('id', order)
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  return pageOf(
    rows.map((row) => ({ ...row, match_str: eventMatchStr(sport, row), occurred_at: row.occurred_at.toISOString() })),
    n,
    window,
  );
}

/** `GET api/scores/statistics`: kinds in the order the page lists them. */
export async function statisticsOf(db: Kysely<Database>, matchId: number): Promise<MatchStatistic[]> {
  await sportOf(db, matchId);
  const rows = await db.selectFrom('match_statistic').select(['kind', 'home', 'away']).where('match_id', '=', matchId).execute();
  const order = Object.keys(STATISTIC_NAMES);
  return rows
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
    .map((row) => ({ kind: row.kind, name_zh: STATISTIC_NAMES[row.kind] ?? row.kind, home: row.home, away: row.away }));
}

/** `GET api/scores/odds`: the current exponent of every company that prices the match. */
export async function oddsOf(db: Kysely<Database>, matchId: number): Promise<ExponentRow[]> {
  await sportOf(db, matchId);
  const pairs = await db.selectFrom('match_odds').select(['match_id as matchId', 'company_id as companyId']).distinct().where('match_id', '=', matchId).execute();
  return (await exponentRows(db, pairs)).map(withoutHot).sort((a, b) => a.company_id - b.company_id);
}

/** `GET api/scores/odds_history`: every price of one company and market, oldest first. */
export async function oddsHistory(db: Kysely<Database>, query: PageQuery & { match_id: number; company_id: number; market: OddsMarketName }): Promise<PageOf<OddsHistoryRow>> {
  await sportOf(db, query.match_id);
  const window = pageWindow(query);
  const base = db.selectFrom('odds_history').where('match_id', '=', query.match_id).where('company_id', '=', query.company_id).where('market', '=', query.market);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['line', 'home', 'draw', 'away', 'status', 'match_str', 'home_score', 'away_score', 'recorded_at'])
    .orderBy('id')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  return pageOf(
    rows.map((row) => ({ ...row, recorded_at: row.recorded_at.toISOString() })),
    n,
    window,
  );
}

/** `GET api/scores/intelligence`: absences, recent form of both sides, head-to-head. */
export async function intelligenceOf(db: Kysely<Database>, matchId: number): Promise<Intelligence> {
  await sportOf(db, matchId);
  const intel = await db.selectFrom('match_intel').select(['home_recent', 'away_recent', 'head_to_head']).where('match_id', '=', matchId).executeTakeFirst();
  const absences = await db.selectFrom('match_absence').select(['side', 'player_zh', 'kind', 'reason_zh']).where('match_id', '=', matchId).orderBy('side', 'desc').orderBy('id').execute();
  return {
    match_id: matchId,
    absences,
    home_recent: intel?.home_recent ?? [],
    away_recent: intel?.away_recent ?? [],
    head_to_head: intel?.head_to_head ?? [],
  };
}

/** `GET api/scores/competitions`: the competitions with scores (the competition filter). */
export async function scoreCompetitions(db: Kysely<Database>, sport: ScoreSport | undefined) {
  let query = db.selectFrom('competition').select(['id', 'sport', 'name_zh', 'short_name_zh', 'hot_rank']).where('sport', 'in', ['football', 'basketball']);
  if (sport !== undefined) query = query.where('sport', '=', sport);
  const rows = await query.orderBy('sport', 'desc').orderBy('hot_rank').orderBy('id').execute();
  return rows.map(({ hot_rank, ...row }) => ({ ...row, sport: row.sport as ScoreSport, hot: hot_rank !== null }));
}


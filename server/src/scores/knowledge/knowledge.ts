import type {
  BaseCompetition,
  BaseCompetitionItem,
  BaseMatchPage,
  BaseMatchesQuery,
  BasePlayer,
  BaseTeam,
  MatchRow,
  ScoreSport,
  SeasonRecord,
  SeasonRef,
  StandingRow,
} from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { matchRowQuery, toMatchRow } from '../matchRows';
import { POSITION_ZH, type SquadMember, emptyStats, teamSeasonStats, topScorers } from './playerStats';

/** How many results and fixtures the competition page shows before "more" (api/base/matches). */
const COMPETITION_LIST = 10;
const TOP_SCORERS = 10;
const TEAM_FORM = 5;
const TEAM_FIXTURES = 5;
const PLAYER_RECENT = 5;
const MATCH_PAGE_DEFAULT = 20;

type Db = Kysely<Database>;

const competitionOf = (row: { id: number; sport: string; name_zh: string; short_name_zh: string; hot_rank: number | null }) => ({
  id: row.id,
  sport: row.sport as ScoreSport,
  name_zh: row.name_zh,
  short_name_zh: row.short_name_zh,
  hot: row.hot_rank !== null,
});

async function competitionRow(db: Db, id: number) {
  const row = await db.selectFrom('competition').select(['id', 'sport', 'name_zh', 'short_name_zh', 'hot_rank']).where('id', '=', id).executeTakeFirst();
  if (row === undefined || (row.sport !== 'football' && row.sport !== 'basketball')) throw errors.SCORES_COMPETITION_NOT_FOUND();
  return row;
}

/** The competition's seasons, newest first; the current one is the newest flagged current. */
async function seasonsOf(db: Db, competitionId: number): Promise<SeasonRef[]> {
  return db.selectFrom('season').select(['id', 'name', 'is_current']).where('competition_id', '=', competitionId).orderBy('name', 'desc').orderBy('id', 'desc').execute();
}

/** `GET api/base/competitions?sport=`: the sport's competitions, hottest first, with their current season. */
export async function baseCompetitions(db: Db, sport: ScoreSport): Promise<BaseCompetitionItem[]> {
  const rows = await db
    .selectFrom('competition as c')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('season as s')
          .select(['s.id', 's.name', 's.is_current'])
          .select((inner) => inner.selectFrom('standing as st').select(sql<number>`count(*)::int`.as('n')).whereRef('st.season_id', '=', 's.id').as('team_count'))
          .whereRef('s.competition_id', '=', 'c.id')
          .orderBy('s.is_current', 'desc')
          .orderBy('s.name', 'desc')
          .limit(1)
          .as('cur'),
      (join) => join.onTrue(),
    )
    .select(['c.id', 'c.sport', 'c.name_zh', 'c.short_name_zh', 'c.hot_rank', 'cur.id as season_id', 'cur.name as season_name', 'cur.is_current', 'cur.team_count'])
    .where('c.sport', '=', sport)
    .orderBy(sql`c.hot_rank is null`)
    .orderBy('c.hot_rank')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    ...competitionOf(row),
    season: row.season_id === null ? null : { id: row.season_id, name: row.season_name ?? '', is_current: row.is_current ?? false },
    team_count: row.team_count ?? 0,
  }));
}

/** A season's table per group, ranked as api/Football/season_table ranks it. */
async function standingsOf(db: Db, seasonId: number): Promise<BaseCompetition['groups']> {
  const rows = await db
    .selectFrom('standing as s')
    .innerJoin('team as t', 't.id', 's.team_id')
    .select(['s.group_name', 's.team_id', 't.name_zh as team_name_zh', 't.short_name_zh as team_short_zh', 's.played', 's.won', 's.drawn', 's.lost', 's.goals_for', 's.goals_against', 's.points', 's.form'])
    .where('s.season_id', '=', seasonId)
    .orderBy('s.group_name')
    .orderBy('s.points', 'desc')
    .orderBy(sql`s.goals_for - s.goals_against`, 'desc')
    .orderBy('s.goals_for', 'desc')
    .orderBy('t.name_zh')
    .execute();
  const groups = new Map<string, StandingRow[]>();
  for (const { group_name, ...row } of rows) {
    const list = groups.get(group_name) ?? [];
    list.push({ position: list.length + 1, ...row, goal_diff: row.goals_for - row.goals_against });
    groups.set(group_name, list);
  }
  return [...groups].map(([group_name, list]) => ({ group_name, rows: list }));
}

/** `GET api/base/competition?id=&season_id=`: one season of a competition (the current one by default). */
export async function baseCompetition(db: Db, id: number, seasonId?: number): Promise<BaseCompetition> {
  const competition = await competitionRow(db, id);
  const sport = competition.sport as ScoreSport;
  const seasons = await seasonsOf(db, id);
  const season = seasonId === undefined ? (seasons.find((candidate) => candidate.is_current) ?? seasons[0] ?? null) : (seasons.find((candidate) => candidate.id === seasonId) ?? null);
  if (seasonId !== undefined && season === null) throw errors.KNOWLEDGE_SEASON_NOT_FOUND();
  const empty: BaseCompetition = { competition: competitionOf(competition), season, seasons, groups: [], results: [], fixtures: [], top_scorers: [], records: [], finished_count: 0 };
  if (season === null) return empty;
  const [groups, results, fixtures, scorers, records, finished] = await Promise.all([
    standingsOf(db, season.id),
    seasonMatches(db, { competition_id: id, season_id: season.id, kind: 'results', page_size: COMPETITION_LIST }),
    seasonMatches(db, { competition_id: id, season_id: season.id, kind: 'fixtures', page_size: COMPETITION_LIST }),
    memo(db, `scorers:${season.id}`, () => topScorers(db, sport, season.id, TOP_SCORERS)),
    memo(db, `records:${season.id}`, () => seasonRecords(db, sport, season.id)),
    db.selectFrom('match').select(sql<number>`count(*)::int`.as('n')).where('season_id', '=', season.id).where('status', '=', 'finished').executeTakeFirstOrThrow(),
  ]);
  return { ...empty, groups, results: results.list, fixtures: fixtures.list, top_scorers: scorers, records, finished_count: finished.n };
}

/**
 * Season-wide aggregates (top scorers, records) read every event of a season: a busy competition
 * page asks for them many times a second, and they change only when a goal or a result lands. Each
 * is kept MEMO_MS per database (tests run two databases in one process).
 */
const MEMO_MS = 10_000;
const MEMO_MAX = 500;
const memos = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

function memo<Value>(db: Db, key: string, load: () => Promise<Value>): Promise<Value> {
  let entries = memos.get(db);
  if (entries === undefined) {
    entries = new Map();
    memos.set(db, entries);
  }
  const now = Date.now();
  const hit = entries.get(key);
  if (hit !== undefined && now - hit.at < MEMO_MS) return hit.value as Promise<Value>;
  if (entries.size >= MEMO_MAX) entries.clear();
  const value = load();
  entries.set(key, { at: now, value });
  // A failed load is not remembered.
  value.catch(() => entries.delete(key));
  return value;
}

/** The season's biggest win and highest-scoring match among finished ones. */
async function seasonRecords(db: Db, sport: ScoreSport, seasonId: number): Promise<SeasonRecord[]> {
  const finished = () => matchRowQuery(db).where('m.season_id', '=', seasonId).where('m.status', '=', 'finished');
  const [biggest, most] = await Promise.all([
    finished().orderBy(sql`abs(m.home_score - m.away_score)`, 'desc').orderBy('m.kickoff_at').orderBy('m.id').limit(1).executeTakeFirst(),
    finished().orderBy(sql`m.home_score + m.away_score`, 'desc').orderBy('m.kickoff_at').orderBy('m.id').limit(1).executeTakeFirst(),
  ]);
  const records: SeasonRecord[] = [];
  if (biggest !== undefined) records.push({ kind: 'biggest_win', label_zh: '最大比分差', match: toMatchRow(biggest) });
  if (most !== undefined) records.push({ kind: sport === 'football' ? 'most_goals' : 'most_points', label_zh: sport === 'football' ? '单场最多进球' : '单场最高总分', match: toMatchRow(most) });
  return records;
}

function parseCursor(cursor: string | undefined): { at: Date; id: number } | null {
  if (cursor === undefined) return null;
  const [ms, id] = cursor.split('_').map(Number);
  return ms === undefined || id === undefined ? null : { at: new Date(ms), id };
}

/**
 * `GET api/base/matches`: a season's results (finished, newest first) or fixtures (to come or in
 * play, soonest first), by keyset cursor `<kickoff ms>_<match id>`: page 50 costs what page 1 does.
 */
export async function seasonMatches(db: Db, query: BaseMatchesQuery): Promise<BaseMatchPage> {
  let seasonId = query.season_id;
  if (seasonId === undefined) {
    await competitionRow(db, query.competition_id);
    const seasons = await seasonsOf(db, query.competition_id);
    seasonId = (seasons.find((season) => season.is_current) ?? seasons[0])?.id;
    if (seasonId === undefined) return { list: [], next_cursor: null };
  }
  const pageSize = query.page_size ?? MATCH_PAGE_DEFAULT;
  const after = parseCursor(query.cursor);
  const results = query.kind === 'results';
  let matches = matchRowQuery(db).where('m.competition_id', '=', query.competition_id).where('m.season_id', '=', seasonId);
  matches = results ? matches.where('m.status', '=', 'finished') : matches.where('m.status', '<>', 'finished');
  if (after !== null) {
    matches = matches.where(sql<boolean>`(m.kickoff_at, m.id) ${sql.raw(results ? '<' : '>')} (${after.at}, ${after.id})`);
  }
  const direction = results ? 'desc' : 'asc';
  const rows = await matches.orderBy('m.kickoff_at', direction).orderBy('m.id', direction).limit(pageSize + 1).execute();
  const list = rows.slice(0, pageSize).map(toMatchRow);
  const last = rows.length > pageSize ? rows[pageSize - 1] : undefined;
  return { list, next_cursor: last === undefined ? null : `${last.kickoff_at.getTime()}_${last.match_id}` };
}

async function teamRow(db: Db, id: number) {
  const team = await db.selectFrom('team').select(['id', 'sport', 'name_zh', 'short_name_zh', 'venue_zh']).where('id', '=', id).executeTakeFirst();
  if (team === undefined) throw errors.KNOWLEDGE_TEAM_NOT_FOUND();
  return { ...team, sport: team.sport as ScoreSport };
}

async function squadOf(db: Db, teamId: number): Promise<(SquadMember & { shirt_number: number })[]> {
  return db
    .selectFrom('player')
    .select(['id', 'name_zh', 'shirt_number', 'position'])
    .where('team_id', '=', teamId)
    .orderBy(sql`array_position(array['GK','DF','MF','FW','G','F','C'], position)`)
    .orderBy('shirt_number')
    .execute();
}

/** The current seasons the team plays (a club can be in a league and a cup), with its table place. */
async function teamSeasons(db: Db, teamId: number) {
  const rows = await db
    .selectFrom('standing as st')
    .innerJoin('season as s', 's.id', 'st.season_id')
    .innerJoin('competition as c', 'c.id', 's.competition_id')
    .select(['c.id', 'c.sport', 'c.name_zh', 'c.short_name_zh', 'c.hot_rank', 's.id as season_id', 's.name as season_name', 's.is_current', 'st.group_name', 'st.points'])
    .select(
      sql<number>`(select count(*)::int + 1 from standing o where o.season_id = st.season_id and o.group_name = st.group_name
        and (o.points > st.points or (o.points = st.points and (o.goals_for - o.goals_against > st.goals_for - st.goals_against
          or (o.goals_for - o.goals_against = st.goals_for - st.goals_against and o.goals_for > st.goals_for)))))`.as('position'),
    )
    .where('st.team_id', '=', teamId)
    .where('s.is_current', '=', true)
    .orderBy(sql`c.hot_rank is null`)
    .orderBy('c.hot_rank')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    competition: competitionOf(row),
    season: { id: row.season_id, name: row.season_name, is_current: row.is_current },
    group_name: row.group_name,
    position: row.position,
    points: row.points,
  }));
}

const teamMatches = (db: Db, teamId: number) => matchRowQuery(db).where((eb) => eb.or([eb('m.home_team_id', '=', teamId), eb('m.away_team_id', '=', teamId)]));

function resultFor(teamId: number, match: MatchRow): 'W' | 'D' | 'L' {
  const own = match.home_team_id === teamId ? match.home_score : match.away_score;
  const other = match.home_team_id === teamId ? match.away_score : match.home_score;
  return own > other ? 'W' : own === other ? 'D' : 'L';
}

/** A team's season statistics (every event of its season's matches), kept MEMO_MS like the season aggregates. */
const seasonStatsOf = (db: Db, sport: ScoreSport, teamId: number, seasonId: number, squad: readonly SquadMember[]) =>
  memo(db, `stats:${teamId}:${seasonId}`, () => teamSeasonStats(db, sport, teamId, seasonId, squad));

/** Adds up a player's statistics over the team's current seasons. */
function sumStats(perSeason: readonly Map<number, ReturnType<typeof emptyStats>>[], playerId: number) {
  const total = emptyStats();
  for (const stats of perSeason) {
    const row = stats.get(playerId);
    if (row === undefined) continue;
    total.appearances += row.appearances;
    total.goals += row.goals;
    total.assists += row.assists;
    total.points += row.points;
    total.rebounds += row.rebounds;
  }
  return total;
}

/** `GET api/base/team?id=`: the squad with this season's statistics, recent form and fixtures. */
export async function baseTeam(db: Db, id: number): Promise<BaseTeam> {
  const team = await teamRow(db, id);
  const [competitions, squad, recent, fixtures] = await Promise.all([
    teamSeasons(db, id),
    squadOf(db, id),
    teamMatches(db, id).where('m.status', '=', 'finished').orderBy('m.kickoff_at', 'desc').orderBy('m.id', 'desc').limit(TEAM_FORM).execute(),
    teamMatches(db, id).where('m.status', '<>', 'finished').orderBy('m.kickoff_at').orderBy('m.id').limit(TEAM_FIXTURES).execute(),
  ]);
  const perSeason = await Promise.all(competitions.map((entry) => seasonStatsOf(db, team.sport, id, entry.season.id, squad)));
  return {
    team,
    competitions,
    squad: squad.map((player) => ({ ...player, position_zh: POSITION_ZH[player.position] ?? player.position, stats: sumStats(perSeason, player.id) })),
    form: recent.map(toMatchRow).map((match) => ({ result: resultFor(id, match), match })),
    fixtures: fixtures.map(toMatchRow),
  };
}

/** `GET api/base/player?id=`: position, number, statistics per current season, recent matches. */
export async function basePlayer(db: Db, id: number): Promise<BasePlayer> {
  const player = await db.selectFrom('player').select(['id', 'team_id', 'name_zh', 'shirt_number', 'position']).where('id', '=', id).executeTakeFirst();
  if (player === undefined) throw errors.KNOWLEDGE_PLAYER_NOT_FOUND();
  const team = await teamRow(db, player.team_id);
  const [competitions, squad, recent] = await Promise.all([
    teamSeasons(db, team.id),
    squadOf(db, team.id),
    teamMatches(db, team.id).where('m.status', '=', 'finished').orderBy('m.kickoff_at', 'desc').orderBy('m.id', 'desc').limit(PLAYER_RECENT).execute(),
  ]);
  const seasons = await Promise.all(
    competitions.map(async (entry) => ({
      competition: entry.competition,
      season: entry.season,
      stats: (await seasonStatsOf(db, team.sport, team.id, entry.season.id, squad)).get(player.id) ?? emptyStats(),
    })),
  );
  const values = new Map<number, number>();
  if (recent.length > 0) {
    const rows = await db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .select(['e.match_id'])
      .select(team.sport === 'football' ? sql<number>`count(*)::int`.as('value') : sql<number>`coalesce(sum(e.points), 0)::int`.as('value'))
      .where(
        'e.match_id',
        'in',
        recent.map((match) => match.match_id),
      )
      .where('e.kind', '=', team.sport === 'football' ? 'goal' : 'score')
      .where('e.player_zh', '=', player.name_zh)
      .where(sql<boolean>`coalesce(e.detail, '') <> 'own_goal'`)
      .where((eb) => eb.or([eb.and([eb('e.side', '=', 'home'), eb('m.home_team_id', '=', team.id)]), eb.and([eb('e.side', '=', 'away'), eb('m.away_team_id', '=', team.id)])]))
      .groupBy('e.match_id')
      .execute();
    for (const row of rows) values.set(row.match_id, row.value);
  }
  return {
    player: { id: player.id, name_zh: player.name_zh, shirt_number: player.shirt_number, position: player.position, position_zh: POSITION_ZH[player.position] ?? player.position },
    team,
    seasons,
    recent: recent.map(toMatchRow).map((match) => ({ match, value: values.get(match.match_id) ?? 0 })),
  };
}

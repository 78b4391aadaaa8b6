import type { MatchStatus, ScoreSport } from '@sports/shared/server';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { FeedBatch, FeedFixture, FeedMatchEvent, FeedOddsQuote, FeedSeason, FeedTeam } from './matchFeed';
import type { MatchFinished } from './matchResults';
import type { CentreAction } from '../matchCentre/centreAction';
import { ActionCache, type MatchAnalytics, refreshAnalytics } from '../matchCentre/centreAnalytics';
import { type StoredCentre, storeMatchCentre } from '../matchCentre/centreStore';

/** What a stored batch changed, by database id: what the pipeline then publishes. */
export interface StoredBatch {
  /** Matches whose state was written. */
  matchIds: number[];
  /** Goals stored for the first time (not ones sent again after a restart), in order, with their seq. */
  newGoals: { id: number; seq: number; match_id: number; side: 'home' | 'away' | null; minute: number | null; extra_minute: number | null; home_score: number; away_score: number; occurred_at: Date }[];
  /** (match, company) pairs with a new price. */
  oddsPairs: { matchId: number; companyId: number }[];
  /** Matches whose state turned `finished` in this batch, with the final score (matchResults.ts). */
  finished: MatchFinished[];
  /** The match centre's changes (issue 36): what was stored and each touched match's analytics before and after. */
  centre: StoredCentre & { analytics: Map<number, { before: MatchAnalytics | null; after: MatchAnalytics }> };
}

interface MatchRef {
  id: number;
  sport: ScoreSport;
  seasonId: number;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
}

/**
 * Writes feed batches to PostgreSQL, idempotently: teams, matches, events and price moves are
 * keyed by the feed's ids, so a batch sent again (a restarted feed recomputing its window)
 * changes nothing that is already there. Keeps the feed-key -> id maps between batches.
 */
export class FeedStore {
  private readonly teamIds = new Map<string, number>();
  private readonly matches = new Map<string, MatchRef>();
  /** Matches in no table (a knockout round: FeedFixture.standingsGroup null), by id; a feed sends a fixture again after a restart. */
  private readonly outsideTables = new Set<number>();
  private competitions: Map<string, number> | null = null;
  private readonly seasonIds = new Map<string, number>();
  /** The match centre's actions of matches in play (committed ones only). */
  private readonly actionCache = new ActionCache();

  constructor(private readonly db: Kysely<Database>) {}

  /** One transaction per batch: a batch is stored whole or not at all (then sent again). */
  async store(batch: FeedBatch, allocateGoalSeq: (occurredAt: Date) => number | null): Promise<StoredBatch> {
    let cacheUpdates = new Map<number, CentreAction[] | null>();
    const stored = await this.db.transaction().execute(async (trx) => {
      await this.storeTeams(trx, batch.teams);
      for (const season of batch.seasons) await this.storeSeason(trx, season);
      await this.storeFixtures(trx, batch.fixtures);
      const { matchIds, finished } = await this.storeStates(trx, batch);
      const newGoals = await this.storeEvents(trx, batch.events, allocateGoalSeq);
      const oddsPairs = await this.storeOdds(trx, batch.odds);
      await this.storeStatistics(trx, batch);
      const centre = await storeMatchCentre(trx, batch, (key) => this.matchRef(trx, key));
      const refreshed = await refreshAnalytics(trx, centre.matchIds, this.actionCache);
      cacheUpdates = refreshed.cacheUpdates;
      return { matchIds, newGoals, oddsPairs, finished, centre: { ...centre, analytics: refreshed.analytics } };
    });
    // Committed: the next batch reads only the actions it adds.
    this.actionCache.commit(cacheUpdates);
    return stored;
  }

  private async competitionId(trx: Transaction<Database>, sport: string, name: string): Promise<number | undefined> {
    if (this.competitions === null) {
      const rows = await trx.selectFrom('competition').select(['id', 'sport', 'name_zh']).execute();
      this.competitions = new Map(rows.map((row) => [`${row.sport}:${row.name_zh}`, row.id]));
    }
    return this.competitions.get(`${sport}:${name}`);
  }

  private async storeTeams(trx: Transaction<Database>, teams: readonly FeedTeam[]): Promise<void> {
    if (teams.length === 0) return;
    // "do update" with no real change: the row's id comes back whether it was new or not.
    const rows = await trx
      .insertInto('team')
      .values(teams.map((team) => ({ external_key: team.key, sport: team.sport, name_zh: team.name_zh, short_name_zh: team.short_name_zh, venue_zh: team.venue_zh })))
      .onConflict((conflict) => conflict.column('external_key').doUpdateSet({ external_key: sql`excluded.external_key` }))
      .returning(['id', 'external_key'])
      .execute();
    for (const row of rows) this.teamIds.set(row.external_key, row.id);
    const players = teams.flatMap((team) => team.players.map((player) => ({ team_id: this.teamIds.get(team.key) ?? 0, ...player })));
    // Chunks: one insert of every squad would pass PostgreSQL's limit of bind parameters.
    for (let start = 0; start < players.length; start += 2_000) {
      await trx
        .insertInto('player')
        .values(players.slice(start, start + 2_000))
        .onConflict((conflict) => conflict.columns(['team_id', 'shirt_number']).doNothing())
        .execute();
    }
  }

  private async teamId(trx: Transaction<Database>, key: string): Promise<number | undefined> {
    const known = this.teamIds.get(key);
    if (known !== undefined) return known;
    const row = await trx.selectFrom('team').select('id').where('external_key', '=', key).executeTakeFirst();
    if (row !== undefined) this.teamIds.set(key, row.id);
    return row?.id;
  }

  private async seasonId(trx: Transaction<Database>, competitionId: number, name: string): Promise<number> {
    const key = `${competitionId}:${name}`;
    const known = this.seasonIds.get(key);
    if (known !== undefined) return known;
    const row = await trx
      .insertInto('season')
      .values({ competition_id: competitionId, name })
      .onConflict((conflict) => conflict.columns(['competition_id', 'name']).doUpdateSet({ name: sql`excluded.name` }))
      .returning('id')
      .executeTakeFirstOrThrow();
    this.seasonIds.set(key, row.id);
    return row.id;
  }

  /** A season and its starting table; rows that exist (a table already in play) are kept. */
  private async storeSeason(trx: Transaction<Database>, season: FeedSeason): Promise<void> {
    const competitionId = await this.competitionId(trx, season.competition.sport, season.competition.name_zh);
    if (competitionId === undefined) return;
    const seasonId = await this.seasonId(trx, competitionId, season.name);
    const rows = [];
    for (const { teamKey, ...standing } of season.standings) {
      const teamId = await this.teamId(trx, teamKey);
      if (teamId !== undefined) rows.push({ season_id: seasonId, team_id: teamId, ...standing });
    }
    if (rows.length > 0) await trx.insertInto('standing').values(rows).onConflict((conflict) => conflict.columns(['season_id', 'team_id']).doNothing()).execute();
  }

  private async storeFixtures(trx: Transaction<Database>, fixtures: readonly FeedFixture[]): Promise<void> {
    const values = [];
    const intel = new Map<string, FeedFixture['intel']>();
    const knockouts = new Set<string>();
    for (const fixture of fixtures) {
      const competitionId = await this.competitionId(trx, fixture.competition.sport, fixture.competition.name_zh);
      const home = await this.teamId(trx, fixture.homeKey);
      const away = await this.teamId(trx, fixture.awayKey);
      // A competition ops removed (or a team never sent): the fixture is skipped, with its events.
      if (competitionId === undefined || home === undefined || away === undefined) continue;
      values.push({
        external_key: fixture.key,
        sport: fixture.sport,
        competition_id: competitionId,
        season_id: await this.seasonId(trx, competitionId, fixture.season_name),
        round_zh: fixture.round_zh,
        home_team_id: home,
        away_team_id: away,
        kickoff_at: fixture.kickoff_at,
      });
      intel.set(fixture.key, fixture.intel);
      if (fixture.standingsGroup === null) knockouts.add(fixture.key);
    }
    if (values.length === 0) return;
    const rows = await trx
      .insertInto('match')
      .values(values)
      .onConflict((conflict) => conflict.column('external_key').doUpdateSet({ external_key: sql`excluded.external_key` }))
      .returning(['id', 'external_key', 'sport', 'season_id', 'competition_id', 'home_team_id', 'away_team_id'])
      .execute();
    const intelRows = [];
    const absences = [];
    for (const row of rows) {
      this.matches.set(row.external_key, { id: row.id, sport: row.sport, seasonId: row.season_id, competitionId: row.competition_id, homeTeamId: row.home_team_id, awayTeamId: row.away_team_id });
      if (knockouts.has(row.external_key)) this.outsideTables.add(Number(row.id));
      const info = intel.get(row.external_key);
      if (info === undefined) continue;
      intelRows.push({ match_id: row.id, home_recent: JSON.stringify(info.home_recent), away_recent: JSON.stringify(info.away_recent), head_to_head: JSON.stringify(info.head_to_head) });
      absences.push(...info.absences.map((absence) => ({ match_id: row.id, ...absence })));
    }
    if (intelRows.length > 0) await trx.insertInto('match_intel').values(intelRows).onConflict((conflict) => conflict.column('match_id').doNothing()).execute();
    if (absences.length > 0) {
      await trx.insertInto('match_absence').values(absences).onConflict((conflict) => conflict.columns(['match_id', 'side', 'player_zh']).doNothing()).execute();
    }
  }

  private async matchRef(trx: Transaction<Database>, key: string): Promise<MatchRef | undefined> {
    const known = this.matches.get(key);
    if (known !== undefined) return known;
    const row = await trx
      .selectFrom('match')
      .select(['id', 'sport', 'season_id', 'competition_id', 'home_team_id', 'away_team_id'])
      .where('external_key', '=', key)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const ref = { id: row.id, sport: row.sport, seasonId: row.season_id, competitionId: row.competition_id, homeTeamId: row.home_team_id, awayTeamId: row.away_team_id };
    this.matches.set(key, ref);
    return ref;
  }

  /** Writes match states; a match that just finished updates its season's table (once; a knockout match none). */
  private async storeStates(trx: Transaction<Database>, batch: FeedBatch): Promise<{ matchIds: number[]; finished: MatchFinished[] }> {
    const states = [];
    for (const state of batch.states) {
      const ref = await this.matchRef(trx, state.key);
      if (ref !== undefined) states.push({ ...state, id: ref.id, period_scores: state.period_scores, finished_at: state.finished_at?.toISOString() ?? null });
    }
    if (states.length === 0) return { matchIds: [], finished: [] };
    // One statement for the batch; `prev` is the row before the update (to see who just finished).
    const { rows } = await sql<{ id: number; old_status: MatchStatus; status: MatchStatus; home_score: number; away_score: number }>`
      update match m set
        status = v.status, period = v.period, minute = v.minute, extra_minute = v.extra_minute, clock_seconds = v.clock_seconds,
        home_score = v.home_score, away_score = v.away_score, home_half_score = v.home_half_score, away_half_score = v.away_half_score,
        period_scores = v.period_scores, home_red = v.home_red, away_red = v.away_red, home_yellow = v.home_yellow, away_yellow = v.away_yellow,
        home_corner = v.home_corner, away_corner = v.away_corner, home_penalty_score = v.home_penalty_score, away_penalty_score = v.away_penalty_score,
        finished_at = v.finished_at, updated_at = ${batch.at}
      from jsonb_to_recordset(${JSON.stringify(states)}::jsonb) as v(
        id bigint, status text, period smallint, minute smallint, extra_minute smallint, clock_seconds smallint,
        home_score smallint, away_score smallint, home_half_score smallint, away_half_score smallint, period_scores jsonb,
        home_red smallint, away_red smallint, home_yellow smallint, away_yellow smallint, home_corner smallint, away_corner smallint,
        home_penalty_score smallint, away_penalty_score smallint, finished_at timestamptz),
        match prev
      where m.id = v.id and prev.id = m.id
      returning m.id, prev.status as old_status, m.status, m.home_score, m.away_score`.execute(trx);
    const finished: MatchFinished[] = [];
    for (const row of rows) {
      if (row.status === 'finished' && row.old_status !== 'finished') {
        if (!this.outsideTables.has(Number(row.id))) await this.applyResult(trx, row.id, row.home_score, row.away_score);
        finished.push({ matchId: Number(row.id), homeScore: row.home_score, awayScore: row.away_score });
      }
    }
    return { matchIds: rows.map((row) => row.id), finished };
  }

  /** A final result into both teams' table rows (football 3/1/0, basketball a point a win). */
  private async applyResult(trx: Transaction<Database>, matchId: number, home: number, away: number): Promise<void> {
    const match = await trx.selectFrom('match').select(['sport', 'season_id', 'home_team_id', 'away_team_id']).where('id', '=', matchId).executeTakeFirstOrThrow();
    const football = match.sport === 'football';
    for (const [teamId, own, other] of [
      [match.home_team_id, home, away],
      [match.away_team_id, away, home],
    ] as const) {
      const letter = own > other ? 'W' : own === other ? 'D' : 'L';
      const points = letter === 'W' ? (football ? 3 : 1) : letter === 'D' ? 1 : 0;
      await sql`
        insert into standing as s (season_id, team_id, played, won, drawn, lost, goals_for, goals_against, points, form)
        values (${match.season_id}, ${teamId}, 1, ${letter === 'W' ? 1 : 0}, ${letter === 'D' ? 1 : 0}, ${letter === 'L' ? 1 : 0}, ${own}, ${other}, ${points}, ${letter})
        on conflict (season_id, team_id) do update set
          played = s.played + 1, won = s.won + excluded.won, drawn = s.drawn + excluded.drawn, lost = s.lost + excluded.lost,
          goals_for = s.goals_for + excluded.goals_for, goals_against = s.goals_against + excluded.goals_against,
          points = s.points + excluded.points, form = right(s.form || excluded.form, 5)`.execute(trx);
    }
  }

  /** Inserts events not stored yet; new goals get their seq on the goal stream here (stored with them). */
  private async storeEvents(trx: Transaction<Database>, events: readonly FeedMatchEvent[], allocateGoalSeq: (occurredAt: Date) => number | null): Promise<StoredBatch['newGoals']> {
    const rows = [];
    for (const { key, matchKey, occurred_at, ...event } of events) {
      const ref = await this.matchRef(trx, matchKey);
      if (ref !== undefined) rows.push({ external_key: key, match_id: ref.id, occurred_at: occurred_at.toISOString(), ...event });
    }
    if (rows.length === 0) return [];
    // Rows go in in the array's order, so ids (and the goals' seqs below) follow the feed's order.
    const { rows: inserted } = await sql<Omit<StoredBatch['newGoals'][number], 'seq'> & { kind: string }>`
      insert into match_event (external_key, match_id, kind, side, detail, period, minute, extra_minute, clock_seconds, player_zh, player_in_zh, points, home_score, away_score, occurred_at)
      select external_key, match_id, kind, side, detail, period, minute, extra_minute, clock_seconds, player_zh, player_in_zh, points, home_score, away_score, occurred_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        external_key text, match_id bigint, kind text, side text, detail text, period smallint, minute smallint, extra_minute smallint,
        clock_seconds smallint, player_zh text, player_in_zh text, points smallint, home_score smallint, away_score smallint, occurred_at timestamptz)
      on conflict (external_key) do nothing
      returning id, match_id, kind, side, minute, extra_minute, home_score, away_score, occurred_at`.execute(trx);
    const goals = inserted.filter((row) => row.kind === 'goal').sort((a, b) => a.id - b.id);
    const numbered: { id: number; seq: number }[] = [];
    const announced: StoredBatch['newGoals'] = [];
    for (const goal of goals) {
      const seq = allocateGoalSeq(goal.occurred_at);
      if (seq === null) continue;
      numbered.push({ id: goal.id, seq });
      const { kind: _kind, ...rest } = goal;
      announced.push({ ...rest, seq });
    }
    if (numbered.length > 0) {
      await sql`update match_event e set stream_seq = v.seq from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as v(id bigint, seq bigint) where e.id = v.id`.execute(trx);
    }
    return announced;
  }

  /** Current prices (opening kept from the first) and the history of every move not stored yet. */
  private async storeOdds(trx: Transaction<Database>, quotes: readonly FeedOddsQuote[]): Promise<StoredBatch['oddsPairs']> {
    const history = [];
    const current = new Map<string, { first: FeedOddsQuote; last: FeedOddsQuote; matchId: number }>();
    for (const quote of quotes) {
      const ref = await this.matchRef(trx, quote.matchKey);
      if (ref === undefined) continue;
      const { key, matchKey: _matchKey, recorded_at, company_id, ...rest } = quote;
      history.push({ external_key: key, match_id: ref.id, company_id, ...rest, recorded_at: recorded_at.toISOString() });
      const currentKey = `${ref.id}:${company_id}:${quote.market}`;
      const entry = current.get(currentKey);
      // One row per key in the upsert (PostgreSQL refuses to update a row twice in one statement).
      if (entry === undefined) current.set(currentKey, { first: quote, last: quote, matchId: ref.id });
      else entry.last = quote;
    }
    if (history.length === 0) return [];
    const { rows: stored } = await sql<{ match_id: number; company_id: number }>`
      insert into odds_history (external_key, match_id, company_id, market, line, home, draw, away, status, match_str, home_score, away_score, recorded_at)
      select external_key, match_id, company_id, market, line, home, draw, away, status, match_str, home_score, away_score, recorded_at
      from jsonb_to_recordset(${JSON.stringify(history)}::jsonb) as v(
        external_key text, match_id bigint, company_id integer, market text, line double precision, home double precision, draw double precision,
        away double precision, status text, match_str text, home_score smallint, away_score smallint, recorded_at timestamptz)
      on conflict (external_key) do nothing
      returning match_id, company_id`.execute(trx);
    const latest = [...current.values()].map(({ first, last, matchId }) => ({
      match_id: matchId,
      company_id: last.company_id,
      market: last.market,
      line: last.line,
      home: last.home,
      draw: last.draw,
      away: last.away,
      open_line: first.line,
      open_home: first.home,
      open_draw: first.draw,
      open_away: first.away,
      updated_at: last.recorded_at.toISOString(),
    }));
    await sql`
      insert into match_odds (match_id, company_id, market, line, home, draw, away, open_line, open_home, open_draw, open_away, updated_at)
      select match_id, company_id, market, line, home, draw, away, open_line, open_home, open_draw, open_away, updated_at
      from jsonb_to_recordset(${JSON.stringify(latest)}::jsonb) as v(
        match_id bigint, company_id integer, market text, line double precision, home double precision, draw double precision, away double precision,
        open_line double precision, open_home double precision, open_draw double precision, open_away double precision, updated_at timestamptz)
      on conflict (match_id, company_id, market) do update set
        line = excluded.line, home = excluded.home, draw = excluded.draw, away = excluded.away, updated_at = excluded.updated_at
      where match_odds.updated_at <= excluded.updated_at`.execute(trx);
    const pairs = new Map(stored.map((row) => [`${row.match_id}:${row.company_id}`, { matchId: row.match_id, companyId: row.company_id }]));
    return [...pairs.values()];
  }

  private async storeStatistics(trx: Transaction<Database>, batch: FeedBatch): Promise<void> {
    const rows = [];
    for (const { matchKey, statistics } of batch.statistics) {
      const ref = await this.matchRef(trx, matchKey);
      if (ref !== undefined) rows.push(...statistics.map((statistic) => ({ match_id: ref.id, ...statistic })));
    }
    if (rows.length === 0) return;
    await trx
      .insertInto('match_statistic')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['match_id', 'kind']).doUpdateSet({ home: sql`excluded.home`, away: sql`excluded.away` }))
      .execute();
  }
}

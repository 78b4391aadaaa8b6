import {
  type BaseCompetition,
  BaseCompetitionListSchema,
  BaseCompetitionSchema,
  type BaseMatchPage,
  BaseMatchPageSchema,
  type BasePlayer,
  BasePlayerSchema,
  type BaseTeam,
  BaseTeamSchema,
  type BaseCompetitionItem,
} from '@sports/shared/server';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { beforeAll, expect, it } from 'vitest';
import { createManualClock } from '../../infra/clock';
import { errors } from '../../infra/http/errorCatalogue';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { checkSquad, checkTableAgainstResults } from '../feed/testing/consistency';
import { liveFeedTestOptions, playFeed } from '../feed/testing/liveTestKit';

/** Early December: the leagues well under way, the World Cup (June) over, its group stage sent as results. */
const KNOWLEDGE_TEST_START = new Date('2026-12-06T11:00:00Z');

describeEachDatabase('knowledge bases (api/base/*)', (target) => {
  const clock = createManualClock(KNOWLEDGE_TEST_START);
  // A day of results behind the start, so seasons have finished matches, scorers and records.
  const ctx = useTestApp(target, { app: { live: { feed: liveFeedTestOptions(clock, { pastHours: 24, futureHours: 12 }) }, accountOverrides: { clock } } });

  const get = async (url: string, query: Record<string, string | number> = {}) => {
    const response = await ctx.app.inject({ url, query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])) });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  };
  const data = async <Schema extends TSchema>(schema: Schema, url: string, query: Record<string, string | number> = {}) => {
    const { body, headers } = await get(url, query);
    expect(body.code, JSON.stringify(body)).toBe(200);
    expect(Value.Errors(schema, body.data)).toEqual([]);
    expect(headers['cache-control']).toBe('public, max-age=15');
    return body.data as never;
  };
  let football: BaseCompetitionItem[];
  let worldCup: BaseCompetition;
  let premierLeague: BaseCompetition;

  beforeAll(async () => {
    await playFeed(ctx.app, clock, 60_000);
    football = await data(BaseCompetitionListSchema, '/api/base/competitions', { sport: 'football' });
    const wc = football.find((competition) => competition.short_name_zh === '世界杯');
    const epl = football.find((competition) => competition.short_name_zh === '英超');
    worldCup = await data(BaseCompetitionSchema, '/api/base/competition', { id: wc?.id ?? 0 });
    premierLeague = await data(BaseCompetitionSchema, '/api/base/competition', { id: epl?.id ?? 0 });
  }, 120_000);

  it('lists a sport’s competitions, hottest first, with their current season and team count', async () => {
    expect(football.every((competition) => competition.sport === 'football')).toBe(true);
    expect(football[0]).toMatchObject({ short_name_zh: '英超', hot: true, season: { is_current: true }, team_count: 20 });
    expect(football.find((competition) => competition.short_name_zh === '世界杯')).toMatchObject({ season: { name: '2026', is_current: true }, team_count: 48 });
    const basketball: BaseCompetitionItem[] = await data(BaseCompetitionListSchema, '/api/base/competitions', { sport: 'basketball' });
    expect(basketball.map((competition) => competition.short_name_zh)).toEqual(['NBA', 'CBA', '欧篮联']);
    expect(basketball[0]?.team_count).toBe(30);
  });

  it('refuses a missing or unknown sport', async () => {
    for (const query of [{}, { sport: 'esports' }, { sport: 'football', extra: 1 }] as Record<string, string | number>[]) {
      const { status, body } = await get('/api/base/competitions', query);
      expect(status).toBe(400);
      expect(body.code).toBe(1);
    }
  });

  it('stores the World Cup table as its 72 group results imply (W/D/L, goals, 3/1/0 points), the knockouts counting in no table', async () => {
    const finished = await ctx.db
      .selectFrom('match')
      .select(['home_team_id', 'away_team_id', 'home_score', 'away_score', 'round_zh'])
      .where('season_id', '=', worldCup.season?.id ?? 0)
      .where('status', '=', 'finished')
      .execute();
    expect(finished).toHaveLength(104);
    const results = finished.filter((match) => match.round_zh.endsWith('组'));
    expect(results).toHaveLength(72);
    // Knockouts level after 120 minutes keep that score and their shoot-out (migration 0041).
    const shootouts = await ctx.db
      .selectFrom('match')
      .select(['home_score', 'away_score', 'home_penalty_score', 'away_penalty_score', 'round_zh'])
      .where('season_id', '=', worldCup.season?.id ?? 0)
      .where('home_penalty_score', 'is not', null)
      .execute();
    expect(shootouts.length).toBeGreaterThan(0);
    for (const match of shootouts) {
      expect(match.round_zh.endsWith('组')).toBe(false);
      expect(match.home_score).toBe(match.away_score);
      expect(match.home_penalty_score).not.toBe(match.away_penalty_score);
    }
    const rows = worldCup.groups.flatMap((group) => group.rows.map((row) => ({ ...row, teamKey: String(row.team_id), group_name: group.group_name, form: '' })));
    const implied = results.map((match) => ({ homeKey: String(match.home_team_id), awayKey: String(match.away_team_id), home: match.home_score, away: match.away_score }));
    expect(checkTableAgainstResults('世界杯', rows, implied)).toEqual([]);
  });

  it('gives the World Cup (played 11 June-19 July) its season: twelve groups of four, three games each, the knockouts to a final, no fixtures in December', () => {
    expect(worldCup.season).toMatchObject({ name: '2026', is_current: true });
    expect(worldCup.groups.map((group) => group.group_name)).toEqual([...'ABCDEFGHIJKL'].map((letter) => `${letter}组`));
    for (const group of worldCup.groups) {
      expect(group.rows).toHaveLength(4);
      expect(group.rows.map((row) => row.position)).toEqual([1, 2, 3, 4]);
      expect(group.rows.map((row) => row.played)).toEqual([3, 3, 3, 3]);
    }
    expect(worldCup.finished_count).toBe(104);
    expect(worldCup.results.length).toBeGreaterThan(0);
    expect(worldCup.results.every((match) => match.status === 'finished' && match.competition_short_zh === '世界杯')).toBe(true);
    expect(worldCup.results.every((match) => match.kickoff_at >= '2026-06-10' && match.kickoff_at < '2026-07-19T16:00:00Z')).toBe(true);
    expect(worldCup.fixtures).toEqual([]);
    // The newest result is the final, with a winner (after 120 minutes, on penalties if level).
    const final = worldCup.results[0];
    expect(final?.round_zh).toBe('决赛');
    expect(final !== undefined && (final.home_score !== final.away_score || (final.home_penalty_score ?? 0) !== (final.away_penalty_score ?? 0))).toBe(true);
    // Group matches pair teams of one group, and the round says which.
    const groupOf = new Map(worldCup.groups.flatMap((group) => group.rows.map((row) => [row.team_id, group.group_name])));
    for (const match of [...worldCup.results, ...worldCup.fixtures].filter((row) => row.round_zh.endsWith('组'))) {
      expect(groupOf.get(match.home_team_id)).toBe(match.round_zh);
      expect(groupOf.get(match.away_team_id)).toBe(match.round_zh);
    }
  });

  it('answers the season table as api/Football/season_table does', async () => {
    const { body } = await get('/api/Football/season_table', { competition_id: premierLeague.competition.id });
    expect(premierLeague.groups).toEqual(body.data.groups);
    expect(premierLeague.groups[0]?.rows).toHaveLength(20);
  });

  it('ranks top scorers by goals, naming squad players, and keeps records of the season', async () => {
    const scorers = premierLeague.top_scorers;
    expect(scorers.length).toBeGreaterThan(0);
    for (let index = 1; index < scorers.length; index += 1) expect((scorers[index - 1]?.value ?? 0) >= (scorers[index]?.value ?? 0)).toBe(true);
    const best = scorers[0];
    expect(best?.player_id).not.toBeNull();
    const player: BasePlayer = await data(BasePlayerSchema, '/api/base/player', { id: best?.player_id ?? 0 });
    expect(player.player.name_zh).toBe(best?.player_name_zh);
    expect(player.team.id).toBe(best?.team_id);
    expect(player.seasons.find((entry) => entry.season.id === premierLeague.season?.id)?.stats.goals).toBe(best?.value);

    const kinds = premierLeague.records.map((record) => record.kind);
    expect(kinds).toEqual(['biggest_win', 'most_goals']);
    const maxGoals = Math.max(...premierLeague.results.map((match) => match.home_score + match.away_score));
    const most = premierLeague.records[1]?.match;
    expect((most?.home_score ?? 0) + (most?.away_score ?? 0)).toBeGreaterThanOrEqual(maxGoals);
  });

  it('pages a season’s results by keyset cursor: newest first, each once, as many as finished', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let previous = Number.POSITIVE_INFINITY;
    do {
      const page: BaseMatchPage = await data(BaseMatchPageSchema, '/api/base/matches', { competition_id: premierLeague.competition.id, kind: 'results', page_size: 3, ...(cursor === null ? {} : { cursor }) });
      for (const match of page.list) {
        expect(Date.parse(match.kickoff_at)).toBeLessThanOrEqual(previous);
        previous = Date.parse(match.kickoff_at);
        seen.push(match.match_id);
      }
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(premierLeague.finished_count);
    expect(seen.slice(0, premierLeague.results.length)).toEqual(premierLeague.results.map((match) => match.match_id));

    const fixtures: BaseMatchPage = await data(BaseMatchPageSchema, '/api/base/matches', { competition_id: premierLeague.competition.id, kind: 'fixtures', page_size: 100 });
    const kickoffs = fixtures.list.map((match) => Date.parse(match.kickoff_at));
    expect(kickoffs).toEqual([...kickoffs].sort((a, b) => a - b));
  });

  it('refuses bad match queries and unknown competitions or seasons', async () => {
    for (const query of [
      { competition_id: premierLeague.competition.id, kind: 'all' },
      { competition_id: premierLeague.competition.id, kind: 'results', cursor: '1; drop table match' },
      { competition_id: premierLeague.competition.id, kind: 'results', page_size: 101 },
      { competition_id: 0, kind: 'results' },
    ] as Record<string, string | number>[]) {
      expect((await get('/api/base/matches', query)).status).toBe(400);
    }
    expect((await get('/api/base/competition', { id: 99_999 })).body).toEqual({ code: 1, msg: errors.SCORES_COMPETITION_NOT_FOUND.message, data: null, reason: 'SCORES_COMPETITION_NOT_FOUND' });
    expect((await get('/api/base/competition', { id: premierLeague.competition.id, season_id: worldCup.season?.id ?? 0 })).body.reason).toBe('KNOWLEDGE_SEASON_NOT_FOUND');
    const lpl = (await ctx.db.selectFrom('competition').select('id').where('short_name_zh', '=', 'LPL').executeTakeFirstOrThrow()).id;
    expect((await get('/api/base/competition', { id: lpl })).body.reason).toBe('SCORES_COMPETITION_NOT_FOUND');
    expect((await get('/api/base/competition', { id: 'abc' })).status).toBe(400);
  });

  it('shows a team: squad by position with statistics, form from its results, fixtures to come', async () => {
    const match = premierLeague.results[0];
    expect(match).toBeDefined();
    const teamId = match?.home_team_id ?? 0;
    const team: BaseTeam = await data(BaseTeamSchema, '/api/base/team', { id: teamId });
    expect(team.team).toMatchObject({ id: teamId, sport: 'football', name_zh: match?.home_team_name_zh });
    expect(team.squad).toHaveLength(18);
    expect(team.squad.map((player) => player.position)).toEqual([...'GGDDDDDDMMMMMMFFFF'].map((_, index) => (index < 2 ? 'GK' : index < 8 ? 'DF' : index < 14 ? 'MF' : 'FW')));
    expect(team.squad[0]?.position_zh).toBe('门将');
    expect(new Set(team.squad.map((player) => player.shirt_number)).size).toBe(18);
    expect(team.competitions.find((entry) => entry.competition.id === premierLeague.competition.id)?.position).toBe(
      premierLeague.groups[0]?.rows.find((row) => row.team_id === teamId)?.position,
    );
    expect(team.form.length).toBeGreaterThan(0);
    expect(team.form.length).toBeLessThanOrEqual(5);
    for (const { result, match: played } of team.form) {
      const own = played.home_team_id === teamId ? played.home_score : played.away_score;
      const other = played.home_team_id === teamId ? played.away_score : played.home_score;
      expect(result).toBe(own > other ? 'W' : own === other ? 'D' : 'L');
      expect(played.status).toBe('finished');
    }
    expect(team.form[0]?.match.match_id).toBe(match?.match_id);
    expect(team.fixtures.every((fixture) => fixture.status !== 'finished' && (fixture.home_team_id === teamId || fixture.away_team_id === teamId))).toBe(true);
    // The squad's numbers fit the team's season (its table row: the rounds before the feed and the stored results):
    // nobody played more games than the team, the regulars nearly all, the goals add up to the team's bar own goals.
    // (The page adds up the team's current seasons: a league and maybe a European cup.)
    const seasons = await ctx.db
      .selectFrom('standing as st')
      .innerJoin('season as s', 's.id', 'st.season_id')
      .select((eb) => [eb.fn.sum<number>('st.played').as('played'), eb.fn.sum<number>('st.goals_for').as('goals_for')])
      .where('st.team_id', '=', teamId)
      .where('s.is_current', '=', true)
      .executeTakeFirstOrThrow();
    const played = Number(seasons.played);
    expect(played).toBeGreaterThan(10);
    expect(team.squad.every((player) => player.stats.appearances <= played)).toBe(true);
    expect(team.squad.filter((player) => player.stats.appearances >= played * 0.8).length).toBeGreaterThanOrEqual(11);
    const goals = team.squad.reduce((sum, player) => sum + player.stats.goals, 0);
    expect(goals).toBeLessThanOrEqual(Number(seasons.goals_for));
    expect(goals).toBeGreaterThanOrEqual(Number(seasons.goals_for) * 0.9);
    expect(checkSquad(team.team.name_zh, played, Number(seasons.goals_for), team.squad.map((player) => ({ name_zh: player.name_zh, ...player.stats })))).toEqual([]);
    const assists = team.squad.reduce((sum, player) => sum + player.stats.assists, 0);
    expect(assists).toBeLessThanOrEqual(goals);
    expect(await data(BaseTeamSchema, '/api/base/team', { id: teamId })).toEqual(team);
  });

  it('counts basketball points from score events, with rebounds and assists per game played', async () => {
    const basketball: BaseCompetitionItem[] = await data(BaseCompetitionListSchema, '/api/base/competitions', { sport: 'basketball' });
    const nba: BaseCompetition = await data(BaseCompetitionSchema, '/api/base/competition', { id: basketball[0]?.id ?? 0 });
    expect(nba.records.map((record) => record.kind)).toEqual(['biggest_win', 'most_points']);
    const best = nba.top_scorers[0];
    expect(best?.value).toBeGreaterThan(0);
    const team: BaseTeam = await data(BaseTeamSchema, '/api/base/team', { id: best?.team_id ?? 0 });
    expect(team.squad).toHaveLength(12);
    const star = team.squad.find((player) => player.id === best?.player_id);
    expect(star?.stats.points).toBe(best?.value);
    expect(star?.stats.appearances).toBeGreaterThan(10);
    expect(star?.stats.rebounds).toBeGreaterThan(0);
    // A team's points in its finished games are all somebody's (every score event names a player).
    const scored = team.squad.reduce((sum, player) => sum + player.stats.points, 0);
    expect(scored).toBeGreaterThan(0);
  });

  it('refuses unknown and malformed team and player ids', async () => {
    expect((await get('/api/base/team', { id: 2_000_000_000 })).body).toEqual({ code: 1, msg: errors.KNOWLEDGE_TEAM_NOT_FOUND.message, data: null, reason: 'KNOWLEDGE_TEAM_NOT_FOUND' });
    expect((await get('/api/base/player', { id: 2_000_000_000 })).body).toEqual({ code: 1, msg: errors.KNOWLEDGE_PLAYER_NOT_FOUND.message, data: null, reason: 'KNOWLEDGE_PLAYER_NOT_FOUND' });
    for (const id of ['0', '-1', '3000000000', '1.5', "1' or '1'='1"]) {
      expect((await get('/api/base/team', { id })).status).toBe(400);
      expect((await get('/api/base/player', { id })).status).toBe(400);
    }
  });
});

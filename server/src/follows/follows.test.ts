import { FOLLOWS_PER_TYPE_MAX, FollowIdsSchema, FollowListSchema, FollowResultSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { caller, createMatch, createUser } from '../live/testing/roomsTestKit';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { followersSelect } from './followService';

describeEachDatabase('follows: teams, leagues and players (关注), api/Follow/*', (target) => {
  const ctx = useTestApp(target);
  const { get, post } = caller(() => ctx.app);

  /** A match kicking off in `hours`, its two teams' ids and its competition's. */
  const match = async (hours: number, status: 'scheduled' | 'live' | 'finished' = 'scheduled') => {
    const id = await createMatch(ctx.db, new Date(Date.now() + hours * 3_600_000), status);
    const row = await ctx.db.selectFrom('match').select(['home_team_id', 'away_team_id', 'competition_id']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id, home: row.home_team_id, away: row.away_team_id, competition: row.competition_id };
  };

  it('a member follows a team, a league and a player; ids and lists show them newest first; unfollow removes them', async () => {
    const fan = await createUser(ctx.db);
    const m = await match(24);
    const player = await ctx.db.insertInto('player').values({ team_id: m.home, name_zh: '张前锋', shirt_number: 9, position: 'FW' }).returning('id').executeTakeFirstOrThrow();

    const followed = await post('/api/Follow/team', { id: m.home, follow: true }, fan);
    expect(followed.code, followed.msg).toBe(200);
    expect(Value.Check(FollowResultSchema, followed.data)).toBe(true);
    expect(followed.data).toEqual({ type: 'team', id: m.home, following: true, followers: 1 });
    expect((await post('/api/Follow/team', { id: m.away, follow: true }, fan)).code).toBe(200);
    expect((await post('/api/Follow/league', { id: m.competition, follow: true }, fan)).code).toBe(200);
    expect((await post('/api/Follow/player', { id: player.id, follow: true }, fan)).code).toBe(200);

    const ids = await get('/api/Follow/ids', {}, fan);
    expect(ids.code, ids.msg).toBe(200);
    expect(Value.Check(FollowIdsSchema, ids.data)).toBe(true);
    expect(ids.data).toEqual({ team: [m.away, m.home], league: [m.competition], player: [player.id], anchor: [] });

    const teams = await get('/api/Follow/list', { type: 'team' }, fan);
    expect(teams.code, teams.msg).toBe(200);
    expect(Value.Check(FollowListSchema, teams.data)).toBe(true);
    expect(teams.data.total).toBe(2);
    expect(teams.data.list.map((item: { id: number }) => item.id)).toEqual([m.away, m.home]);
    // The next match, its opponent named from the followed team's side, the time a UTC instant.
    expect(teams.data.list[1]).toMatchObject({ type: 'team', name: '主队', sport: 'football', next_match: { match_id: m.id, status: 'scheduled', opponent_name_zh: '客队' } });
    expect(teams.data.list[0].next_match.opponent_name_zh).toBe('主队');
    expect(teams.data.list[1].next_match.kickoff_at).toMatch(/Z$/);

    const players = await get('/api/Follow/list', { type: 'player' }, fan);
    expect(Value.Check(FollowListSchema, players.data)).toBe(true);
    expect(players.data.list).toEqual([expect.objectContaining({ id: player.id, name: '张前锋', sport: 'football', team: { id: m.home, name: '主队' }, next_match: null })]);

    const unfollowed = await post('/api/Follow/team', { id: m.home, follow: false }, fan);
    expect(unfollowed.data).toEqual({ type: 'team', id: m.home, following: false, followers: 0 });
    expect((await get('/api/Follow/ids', {}, fan)).data.team).toEqual([m.away]);
  });

  it('a team\'s list entry shows its live match before a later one, and none once finished or without one; a league its next match with no opponent', async () => {
    const fan = await createUser(ctx.db);
    const live = await match(-1, 'live');
    await ctx.db.insertInto('match').values({ external_key: `follows-later-${live.id}`, sport: 'football', competition_id: live.competition, season_id: (await ctx.db.selectFrom('match').select('season_id').where('id', '=', live.id).executeTakeFirstOrThrow()).season_id, home_team_id: live.home, away_team_id: live.away, kickoff_at: new Date(Date.now() + 86_400_000) }).execute();
    const finished = await match(-3, 'finished');
    await post('/api/Follow/team', { id: live.home, follow: true }, fan);
    await post('/api/Follow/team', { id: finished.home, follow: true }, fan);
    await post('/api/Follow/league', { id: live.competition, follow: true }, fan);
    const teams = (await get('/api/Follow/list', { type: 'team' }, fan)).data;
    expect(teams.list.find((item: { id: number }) => item.id === live.home).next_match).toMatchObject({ match_id: live.id, status: 'live' });
    expect(teams.list.find((item: { id: number }) => item.id === finished.home).next_match).toBeNull();
    const leagues = (await get('/api/Follow/list', { type: 'league' }, fan)).data;
    expect(Value.Check(FollowListSchema, leagues)).toBe(true);
    expect(leagues.list[0].next_match).toMatchObject({ status: 'live', opponent_name_zh: null });
  });

  it('unknown ids, another type\'s id, following twice and unfollowing what is not followed each answer their own error', async () => {
    const fan = await createUser(ctx.db);
    const m = await match(5);
    const unknown = await post('/api/Follow/team', { id: 2_000_000_000, follow: true }, fan);
    expect(unknown).toMatchObject({ status: 404, msg: errors.FOLLOW_TARGET_NOT_FOUND('球队').message });
    // A team's id that is no player.
    const maxPlayer = await ctx.db.selectFrom('player').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    const notPlayer = Math.max(m.home, Number(maxPlayer?.id ?? 0)) + 1000;
    expect(await post('/api/Follow/player', { id: notPlayer, follow: true }, fan)).toMatchObject({ status: 404, msg: '球员不存在' });
    expect(await post('/api/Follow/league', { id: 2_000_000_000, follow: true }, fan)).toMatchObject({ status: 404, msg: '赛事不存在' });

    expect((await post('/api/Follow/team', { id: m.home, follow: true }, fan)).code).toBe(200);
    expect(await post('/api/Follow/team', { id: m.home, follow: true }, fan)).toMatchObject({ code: errors.FOLLOW_ALREADY.code, msg: '你已关注该球队' });
    expect(await post('/api/Follow/team', { id: m.away, follow: false }, fan)).toMatchObject({ code: errors.FOLLOW_NOT_FOLLOWING.code, msg: '你未关注该球队' });
    // Following the team did not follow the league with the same number.
    expect((await get('/api/Follow/ids', {}, fan)).data.league).toEqual([]);
  });

  it('bad input is a validation error; a guest is asked to log in', async () => {
    const fan = await createUser(ctx.db);
    for (const body of [{ id: 0, follow: true }, { id: 'x', follow: true }, { id: 1 }, { id: 1, follow: 'yes' }, { id: 1, follow: true, extra: 1 }, { id: 3_000_000_000, follow: true }]) {
      const answer = await post('/api/Follow/team', body, fan);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await get('/api/Follow/list', { type: 'coach' }, fan)).status).toBe(400);
    const m = await match(6);
    for (const answer of [await post('/api/Follow/team', { id: m.home, follow: true }), await get('/api/Follow/ids'), await get('/api/Follow/list', { type: 'team' })]) {
      expect(answer.code).toBe(700);
    }
  });

  it(`a member follows at most ${FOLLOWS_PER_TYPE_MAX} of a type`, async () => {
    const fan = await createUser(ctx.db);
    const m = await match(7);
    const teams = await ctx.db
      .insertInto('team')
      .values(Array.from({ length: FOLLOWS_PER_TYPE_MAX }, (_, i) => ({ external_key: `follows-bound-${m.id}-${i}`, sport: 'football' as const, name_zh: `队${i}`, short_name_zh: `队${i}` })))
      .returning('id')
      .execute();
    await ctx.db.insertInto('member_follow').values(teams.slice(0, FOLLOWS_PER_TYPE_MAX - 1).map((team) => ({ member_id: fan.id, target_type: 'team' as const, target_id: team.id }))).execute();
    const last = teams[FOLLOWS_PER_TYPE_MAX - 1];
    if (last === undefined) throw new Error('no team');
    expect((await post('/api/Follow/team', { id: last.id, follow: true }, fan)).code).toBe(200);
    expect(await post('/api/Follow/team', { id: m.home, follow: true }, fan)).toMatchObject({ msg: errors.FOLLOW_TOO_MANY('球队', FOLLOWS_PER_TYPE_MAX).message });
    // Another type is its own bound.
    expect((await post('/api/Follow/league', { id: m.competition, follow: true }, fan)).code).toBe(200);
    const list = await get('/api/Follow/list', { type: 'team' }, fan);
    expect(list.data.total).toBe(FOLLOWS_PER_TYPE_MAX);
    expect(list.data.list).toHaveLength(FOLLOWS_PER_TYPE_MAX);
  });

  it('the Follow routes are in /api/docs with their summaries, request and answer schemas', async () => {
    const document = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, { summary?: string; requestBody?: unknown; parameters?: unknown[]; responses?: Record<string, unknown> }>> };
    for (const type of ['team', 'league', 'player']) {
      const operation = document.paths[`/api/Follow/${type}`]?.post;
      expect(operation?.summary).toContain('FOLLOW_ALREADY');
      expect(operation?.requestBody).toBeDefined();
      expect(operation?.responses?.['200']).toBeDefined();
    }
    expect(document.paths['/api/Follow/ids']?.get?.summary).toBeTruthy();
    expect(document.paths['/api/Follow/list']?.get?.parameters?.length).toBeGreaterThan(0);
  });

  it('followersSelect names every follower of a target (the alerts\' fan-out), and anchors come from user_follow', async () => {
    const [a, b] = [await createUser(ctx.db), await createUser(ctx.db)];
    const anchor = await createUser(ctx.db, { anchor: true, nickname: '主播小明' });
    const m = await match(8);
    await post('/api/Follow/team', { id: m.home, follow: true }, a);
    await post('/api/Follow/team', { id: m.home, follow: true }, b);
    const { rows } = await followersSelect({ type: 'team', id: m.home }).execute(ctx.db);
    expect(rows.map((row) => Number(row.member_id)).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));

    expect((await post('/api/Member/attention', { anchor_id: anchor.id, attention: 1 }, a)).code).toBe(200);
    expect((await get('/api/Follow/ids', {}, a)).data.anchor).toEqual([anchor.id]);
    const anchors = await get('/api/Follow/list', { type: 'anchor' }, a);
    expect(Value.Check(FollowListSchema, anchors.data)).toBe(true);
    expect(anchors.data.list[0]).toMatchObject({ type: 'anchor', id: anchor.id, name: '主播小明', sport: null });
  });
});

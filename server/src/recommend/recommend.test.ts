import { RecommendFollowsSchema, RecommendRoomsSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { chinaDate } from '../infra/chinaTime';
import { type TestUser, caller, createMatch, createUser } from '../live/testing/roomsTestKit';
import { describeEachDatabase, useTestApp } from '../testing/testApp';

describeEachDatabase('recommend: api/Recommend/rooms (为你推荐) and api/Recommend/follows (the empty pages)', (target) => {
  const ctx = useTestApp(target);
  const { get } = caller(() => ctx.app);

  /** A room of a new anchor; live unless told otherwise. */
  const room = async (options: { type?: 1 | 2 | 3 | 4; live?: boolean; test?: boolean; matchId?: number } = {}) => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const row = await ctx.db
      .insertInto('live_room')
      .values({ owner_id: anchor.id, title: '直播间', type: options.type ?? 1, match_id: options.matchId ?? null, ...(options.live === false ? {} : { stream_status: 'live' as const, is_open: true }), is_test: options.test === true })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, anchor };
  };
  const teamsOf = (matchId: number) => ctx.db.selectFrom('match').select(['home_team_id', 'away_team_id', 'competition_id']).where('id', '=', matchId).executeTakeFirstOrThrow();
  const follow = (member: TestUser, type: 'team' | 'league', id: number) => ctx.db.insertInto('member_follow').values({ member_id: member.id, target_type: type, target_id: id }).execute();
  const rooms = async (as?: TestUser, query: Record<string, number> = {}) => {
    const answer = await get('/api/Recommend/rooms', query, as);
    expect(answer.code, answer.msg).toBe(200);
    expect(Value.Check(RecommendRoomsSchema, answer.data)).toBe(true);
    return answer.data as { basis: string; list: { room: { room_id: number; is_live: number }; reason: string; score: number }[] };
  };

  it("ranks a member's followed anchor first, then a followed team's match, a followed league's, above a crowd; guests get the live rooms only", async () => {
    const match = await createMatch(ctx.db, new Date(), 'live');
    const otherMatch = await createMatch(ctx.db, new Date(), 'live');
    const { home_team_id: team, competition_id: league } = await teamsOf(match);
    const plain = await room();
    const followedAnchor = await room({ type: 3 });
    const teamRoom = await room({ matchId: match });
    const leagueRoom = await room({ matchId: otherMatch });
    const offline = await room({ live: false });
    const testRoom = await room({ test: true });

    const guest = await rooms();
    expect(guest.basis).toBe('popular');
    const guestIds = guest.list.map((item) => item.room.room_id);
    expect(guestIds).toEqual(expect.arrayContaining([plain.id, followedAnchor.id, teamRoom.id, leagueRoom.id]));
    expect(guestIds).not.toContain(offline.id);
    expect(guestIds).not.toContain(testRoom.id);
    expect(guest.list.every((item) => item.room.is_live === 1 && item.reason === 'popular')).toBe(true);

    const fan = await createUser(ctx.db);
    await ctx.db.insertInto('user_follow').values({ follower_id: fan.id, anchor_id: followedAnchor.anchor.id }).execute();
    await follow(fan, 'team', team);
    // The other match's competition is the same seeded one: following the league lifts both match rooms; the team's room stays above.
    await follow(fan, 'league', league);
    const mine = await rooms(fan);
    expect(mine.basis).toBe('personal');
    expect(mine.list.slice(0, 3).map((item) => [item.room.room_id, item.reason, item.score])).toEqual([
      [followedAnchor.id, 'followed_anchor', 100],
      [teamRoom.id, 'followed_team', 100],
      [leagueRoom.id, 'followed_league', 40],
    ]);
    // Equal scores: more viewers, then the lower id: the anchor's room (created first) is first.
    expect(followedAnchor.id).toBeLessThan(teamRoom.id);

    expect((await rooms(fan, { limit: 2 })).list).toHaveLength(2);
    for (const limit of ['0', '13', 'x']) expect((await get('/api/Recommend/rooms', { limit })).code).not.toBe(200);
  });

  it('a member with watch history only: the sport they watch and the room they watched rise', async () => {
    const watchedRoom = await room({ type: 2 });
    const sameSport = await room({ type: 2 });
    const fan = await createUser(ctx.db);
    await ctx.db.insertInto('watch_record').values({ user_id: fan.id, room_id: watchedRoom.id, day: chinaDate(new Date()), seconds: 900, last_watched_at: new Date() }).execute();
    const mine = await rooms(fan);
    expect(mine.basis).toBe('personal');
    // 25 × 900/1800 + 30 × 1 = 42.5; the other basketball room 30; the rest 0 (nobody online in tests).
    expect(mine.list.slice(0, 2).map((item) => [item.room.room_id, item.reason, item.score])).toEqual([
      [watchedRoom.id, 'watched_sport', 42.5],
      [sameSport.id, 'watched_sport', 30],
    ]);
  });

  it('follows: members only; teams and leagues of the matches I favourited first, none I follow; live anchors I do not follow in my sports', async () => {
    expect((await get('/api/Recommend/follows')).code).toBe(700);
    const fan = await createUser(ctx.db);
    const match = await createMatch(ctx.db, new Date(Date.now() + 3_600_000));
    const { home_team_id: home, away_team_id: away, competition_id: league } = await teamsOf(match);
    await ctx.db.insertInto('match_favorite').values({ user_id: fan.id, match_id: match }).execute();
    const esports = await room({ type: 3 });
    const followedEsports = await room({ type: 3 });
    const football = await room({ type: 1 });
    await ctx.db.insertInto('user_follow').values({ follower_id: fan.id, anchor_id: followedEsports.anchor.id }).execute();
    await ctx.db.insertInto('watch_record').values({ user_id: fan.id, room_id: followedEsports.id, day: chinaDate(new Date()), seconds: 60, last_watched_at: new Date() }).execute();

    const ask = async () => {
      const answer = await get('/api/Recommend/follows', {}, fan);
      expect(answer.code, answer.msg).toBe(200);
      expect(Value.Check(RecommendFollowsSchema, answer.data)).toBe(true);
      return answer.data as { teams: { id: number; reason: string }[]; leagues: { id: number; reason: string }[]; anchors: { room_id: number }[] };
    };
    const first = await ask();
    expect(first.teams.slice(0, 2).map((team) => [team.id, team.reason]).sort()).toEqual([[home, 'viewed'], [away, 'viewed']].sort());
    expect(first.leagues[0]).toMatchObject({ id: league, reason: 'viewed' });
    expect(first.anchors.map((card) => card.room_id)).toContain(esports.id);
    expect(first.anchors.map((card) => card.room_id)).not.toContain(followedEsports.id);
    expect(first.anchors.map((card) => card.room_id)).not.toContain(football.id);

    await follow(fan, 'team', home);
    const second = await ask();
    expect(second.teams[0]).toMatchObject({ id: away, reason: 'viewed' });
    expect(second.teams.map((team) => team.id)).not.toContain(home);
  });
});

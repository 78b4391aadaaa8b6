import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type BasketballBoxScore,
  type BasketballLeadTracker,
  type BasketballShotChart,
  type FootballLineups,
  type FootballMomentum,
  type FootballPlayerRatings,
  type FootballShotMap,
  type MatchCentreFrame,
  type MatchRow,
  type PlayerProfile,
  type TeamProfile,
  applyDeltaToBoxScore,
  applyDeltaToLeadTracker,
  applyDeltaToLineups,
  applyDeltaToMomentum,
  applyDeltaToRatings,
  applyDeltaToShotChart,
  applyDeltaToShotMap,
  isThreePointSpot,
  COURTS,
} from '@sports/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../infra/clock';
import { errors } from '../../infra/http/errorCatalogue';
import type { App } from '../../infra/http/types';
import { embeddedTarget } from '../../testing/dbTargets';
import { type FakeSite, createFakeSite } from '../../testing/fakeSite';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { LIVE_TEST_START, LiveTestClient, liveFeedTestOptions, playFeed, until } from '../feed/testing/liveTestKit';

/**
 * The match centre end to end on the demo feed (issue 36): the API's answers agree with the score,
 * and a page watching one match over /ws/live-data gets that match's deltas only, which applied to
 * the documents it fetched give what a fresh fetch gives, across a reconnect too.
 */
describe('the match centre: API and live deltas', () => {
  const clock = createManualClock(LIVE_TEST_START);
  let database: TestDatabase;
  let site: FakeSite;
  let dataDir: string;
  let app: App;
  let url: string;

  beforeAll(async () => {
    const adminUrl = embeddedTarget().adminUrl;
    if (adminUrl === null) throw new Error('no embedded PostgreSQL');
    database = await createTestDatabase(adminUrl, { template: embeddedTarget().migratedTemplate });
    site = await createFakeSite({ withHost: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-centre-'));
    app = await buildApp({ db: database.handle.db, siteRoot: site.root, logLevel: 'silent', dataDir, live: { feed: liveFeedTestOptions(clock) } });
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/live-data`;
    await playFeed(app, clock, 20_000);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await site?.remove();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const get = async <T>(path: string, query: Record<string, unknown>): Promise<{ code: number; msg: string; data: T }> => {
    const response = await app.inject({ method: 'GET', url: path, query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])) });
    return response.json() as { code: number; msg: string; data: T };
  };
  const matches = async (sport: 'football' | 'basketball') =>
    (await database.handle.db.selectFrom('match').select(['id', 'status', 'home_score', 'away_score', 'kickoff_at', 'home_team_id']).where('sport', '=', sport).orderBy('kickoff_at').execute()).map((row) => ({ ...row, id: Number(row.id) }));

  it('answers football: lineups in formation, momentum, a shot map whose goals are the score, ratings', async () => {
    const finished = (await matches('football')).filter((match) => match.status === 'finished');
    expect(finished.length).toBeGreaterThan(0);
    for (const match of finished.slice(0, 5)) {
      const lineups = (await get<FootballLineups>('/api/Football/lineups', { match_id: match.id })).data;
      for (const side of [lineups.home, lineups.away]) {
        expect(side.starters).toHaveLength(11);
        expect(side.formation).toMatch(/^\d(-\d){2,3}$/);
        expect(side.starters[0]?.position).toBe('GK');
        expect(side.substitutions_made).toBeLessThanOrEqual(5);
        // Cards, substitutions and fouls, each with its second, player and place (migration 0047).
        const events = (lineups.events ?? []).filter((event) => event.side === side.side);
        const changes = events.filter((event) => event.kind === 'substitution');
        expect(changes).toHaveLength(side.substitutions_made);
        for (const change of changes) {
          expect(side.substitutes.some((player) => player.player_id === change.player_in_id && player.on_minute !== null)).toBe(true);
          expect([...side.starters, ...side.substitutes].some((player) => player.player_id === change.player_id && player.off_minute !== null)).toBe(true);
        }
        expect(events.filter((event) => event.kind === 'card').map((event) => event.player_id !== null && event.player_zh !== '' && event.card !== null)).not.toContain(false);
      }
      expect((lineups.events ?? []).some((event) => event.kind === 'foul')).toBe(true);
      for (const event of lineups.events ?? []) {
        expect(event.x >= 0 && event.x <= 105 && event.y >= 0 && event.y <= 68 && event.second >= 0 && event.second <= 59 && event.minute >= 1).toBe(true);
        expect(event.player_id).not.toBeNull();
      }
      const shotMap = (await get<FootballShotMap>('/api/Football/shotMap', { match_id: match.id })).data;
      expect(shotMap.shots.filter((shot) => shot.side === 'home' && shot.outcome === 'goal')).toHaveLength(match.home_score);
      expect(shotMap.shots.filter((shot) => shot.side === 'away' && shot.outcome === 'goal')).toHaveLength(match.away_score);
      expect(shotMap.xg_timeline).toHaveLength(shotMap.shots.length);
      expect(shotMap.home_xg).toBeCloseTo(shotMap.shots.filter((shot) => shot.side === 'home').reduce((sum, shot) => sum + shot.xg, 0), 2);
      const momentum = (await get<FootballMomentum>('/api/Football/momentum', { match_id: match.id })).data;
      expect(momentum.buckets.length).toBeGreaterThanOrEqual(90);
      expect(momentum.goals).toHaveLength(match.home_score + match.away_score);
      const ratings = (await get<FootballPlayerRatings>('/api/Football/playerRatings', { match_id: match.id })).data;
      expect(ratings.players.length).toBeGreaterThanOrEqual(22);
      // Everyone who played a minute has a rating; a substitute on for the last seconds has none yet.
      expect(ratings.players.every((player) => (player.stats.minutes > 0 ? player.rating !== null && player.rating >= 0 && player.rating <= 10 : player.rating === null))).toBe(true);
      expect(ratings.best_player_id).toBe(ratings.players[0]?.player_id);
    }
  });

  it('answers basketball: a box score adding up to the score, threes from beyond the arc, the lead tracker', async () => {
    const finished = (await matches('basketball')).filter((match) => match.status === 'finished');
    expect(finished.length).toBeGreaterThan(0);
    for (const match of finished.slice(0, 4)) {
      const box = (await get<BasketballBoxScore>('/api/Basketball/boxScore', { match_id: match.id })).data;
      expect(box.home.totals.points).toBe(match.home_score);
      expect(box.away.totals.points).toBe(match.away_score);
      expect(box.period_scores.reduce((sum, [home]) => sum + home, 0)).toBe(match.home_score);
      const chart = (await get<BasketballShotChart>('/api/Basketball/shotChart', { match_id: match.id })).data;
      expect(chart.shots.filter((shot) => shot.side === 'home').length).toBe(box.home.totals.fga);
      for (const shot of chart.shots) expect(isThreePointSpot(COURTS[chart.court], shot.x, shot.y)).toBe(shot.points === 3);
      const lead = (await get<BasketballLeadTracker>('/api/Basketball/leadTracker', { match_id: match.id })).data;
      expect(lead.points.at(-1)).toMatchObject({ home_score: match.home_score, away_score: match.away_score });
    }
  });

  it('refuses an unknown match or one of the other sport, and answers a match not started with empty lists', async () => {
    expect(await get('/api/Football/lineups', { match_id: 99_999_999 })).toMatchObject({ code: 1, msg: errors.SCORES_MATCH_NOT_FOUND.message });
    const basketball = (await matches('basketball'))[0];
    expect(await get('/api/Football/shotMap', { match_id: basketball?.id ?? 1 })).toMatchObject({ code: 1, msg: errors.SCORES_MATCH_NOT_FOUND.message });
    expect((await get('/api/Basketball/boxScore', { match_id: 'x' })).code).toBe(1);
    // A match more than an hour away: no lineups yet.
    const later = (await matches('football')).find((match) => match.status === 'scheduled' && match.kickoff_at.getTime() > clock().getTime() + (70 * 60_000) / 60);
    expect(later).toBeDefined();
    if (later !== undefined) {
      const lineups = (await get<FootballLineups>('/api/Football/lineups', { match_id: later.id })).data;
      expect(lineups).toMatchObject({ status: 'scheduled', home: { formation: null, starters: [], substitutes: [] } });
      expect((await get<FootballShotMap>('/api/Football/shotMap', { match_id: later.id })).data).toMatchObject({ shots: [], home_xg: 0, away_xg: 0, xg_timeline: [] });
      expect((await get<FootballMomentum>('/api/Football/momentum', { match_id: later.id })).data).toMatchObject({ buckets: [], goals: [] });
    }
  });

  it('gives the player and team pages a season from the matches played, recent matches with ratings, the squad', async () => {
    const finished = (await matches('football')).filter((match) => match.status === 'finished');
    const match = finished[0] as (typeof finished)[number];
    const team = (await get<TeamProfile>('/api/Team/info', { id: match.home_team_id })).data;
    expect(team.squad.length).toBeGreaterThanOrEqual(18);
    expect(team.recent.length).toBe(Math.min(10, team.season.played));
    expect(team.season.played).toBeGreaterThanOrEqual(1);
    const ratings = (await get<FootballPlayerRatings>('/api/Football/playerRatings', { match_id: match.id })).data;
    const scorer = ratings.players.find((player) => player.side === 'home') ?? ratings.players[0];
    const player = (await get<PlayerProfile>('/api/Player/info', { id: scorer?.player_id ?? 0 })).data;
    expect(player.season.appearances).toBeGreaterThanOrEqual(1);
    expect(player.recent[0]?.rating).not.toBeNull();
    expect(await get('/api/Player/info', { id: 2_000_000_000 })).toMatchObject({ code: 1, msg: errors.KNOWLEDGE_PLAYER_NOT_FOUND.message });
    expect(await get('/api/Team/info', { id: 2_000_000_000 })).toMatchObject({ code: 1, msg: errors.KNOWLEDGE_TEAM_NOT_FOUND.message });
  });

  const centreFrames = (client: LiveTestClient) => client.frames.filter((frame) => frame.type === 'match_centre') as MatchCentreFrame[];

  /**
   * Plays the feed while the watcher's socket is dropped from the server side and comes back; every
   * delta published for the match since `startSeq` has then arrived, once. Its match_centre frames.
   */
  const acrossADrop = async (watcher: LiveTestClient, matchId: number, startSeq: number): Promise<MatchCentreFrame[]> => {
    await playFeed(app, clock, 15_000);
    await until(() => centreFrames(watcher).length > 0, 'deltas');
    for (const [socket] of app.liveDataHub.clients) if (socket.readyState === socket.OPEN) socket.terminate();
    await until(() => watcher.client.status === 'reconnecting', 'the drop noticed');
    await playFeed(app, clock, 10_000);
    await until(() => watcher.client.status === 'open', 'reconnected');
    await playFeed(app, clock, 10_000);
    const published = app.liveDataHub
      .recentMessages()
      .filter((message) => message.stream === 'match_centre' && message.centreMatchId === matchId && message.seq > startSeq)
      .map((message) => message.seq);
    expect(published.length).toBeGreaterThan(0);
    await until(() => published.every((seq) => centreFrames(watcher).some((frame) => frame.seq === seq)), 'every delta');
    const frames = centreFrames(watcher);
    expect(frames.every((frame) => frame.data.match_id === matchId)).toBe(true);
    expect(new Set(frames.map((frame) => frame.seq)).size).toBe(frames.length);
    expect(watcher.resyncs).toBe(0);
    return frames;
  };

  it("sends a watched match's deltas to its watchers only; applied to the fetched documents they give a fresh fetch, across a reconnect", async () => {
    const live = (await matches('football')).filter((match) => match.status === 'live');
    expect(live.length).toBeGreaterThanOrEqual(2);
    const watched = live[0] as (typeof live)[number];
    const watcher = new LiveTestClient(url, { watchMatchId: watched.id });
    const other = new LiveTestClient(url, { watchMatchId: (live[1] as (typeof live)[number]).id });
    const nobody = new LiveTestClient(url);
    await until(() => [watcher, other, nobody].every((client) => client.client.positions.position('match_centre') !== undefined), 'clients synced');
    const startSeq = watcher.client.positions.position('match_centre') ?? 0;
    let shotMap = (await get<FootballShotMap>('/api/Football/shotMap', { match_id: watched.id })).data;
    let momentum = (await get<FootballMomentum>('/api/Football/momentum', { match_id: watched.id })).data;
    let ratings = (await get<FootballPlayerRatings>('/api/Football/playerRatings', { match_id: watched.id })).data;
    let lineups = (await get<FootballLineups>('/api/Football/lineups', { match_id: watched.id })).data;
    const apply = () => {
      for (const frame of centreFrames(watcher)) {
        shotMap = applyDeltaToShotMap(shotMap, frame.data);
        momentum = applyDeltaToMomentum(momentum, frame.data);
        ratings = applyDeltaToRatings(ratings, frame.data);
        lineups = applyDeltaToLineups(lineups, frame.data);
      }
    };
    const frames = await acrossADrop(watcher, watched.id, startSeq);
    expect(centreFrames(other).every((frame) => frame.data.match_id !== watched.id)).toBe(true);
    expect(centreFrames(nobody)).toEqual([]);
    apply();
    const fresh = (await get<FootballShotMap>('/api/Football/shotMap', { match_id: watched.id })).data;
    expect(shotMap.shots.map((shot) => shot.id)).toEqual(fresh.shots.map((shot) => shot.id));
    expect(shotMap.home_xg).toBe(fresh.home_xg);
    expect(shotMap.xg_timeline).toEqual(fresh.xg_timeline);
    const freshMomentum = (await get<FootballMomentum>('/api/Football/momentum', { match_id: watched.id })).data;
    expect(momentum.buckets).toEqual(freshMomentum.buckets);
    expect(momentum.goals).toEqual(freshMomentum.goals);
    // Only the buckets that moved travel (the stored document's reordered keys are no change).
    expect(frames.slice(1).every((frame) => (frame.data.momentum?.length ?? 0) < freshMomentum.buckets.length / 2)).toBe(true);
    const freshRatings = (await get<FootballPlayerRatings>('/api/Football/playerRatings', { match_id: watched.id })).data;
    const byId = (list: FootballPlayerRatings['players']) => new Map(list.map((player) => [player.player_id, player.rating]));
    expect(byId(ratings.players)).toEqual(byId(freshRatings.players));
    // Lines travel as changed fields only (rating_changes), yet merge to the whole lines.
    expect(frames.some((frame) => (frame.data.rating_changes?.length ?? 0) > 0)).toBe(true);
    expect(frames.flatMap((frame) => frame.data.rating_changes ?? []).every((change) => Object.keys(change.stats ?? {}).length < 18)).toBe(true);
    const lines = (list: FootballPlayerRatings['players']) => new Map(list.map((player) => [player.player_id, JSON.stringify([player.rating, player.stats])]));
    expect(lines(ratings.players)).toEqual(lines(freshRatings.players));
    const freshLineups = (await get<FootballLineups>('/api/Football/lineups', { match_id: watched.id })).data;
    expect(lineups).toEqual(freshLineups);
    expect(watcher.resyncs).toBe(0);
    const row = (await get<{ match: MatchRow }>('/api/scores/match', { match_id: watched.id })).data.match;
    expect(shotMap.shots.filter((shot) => shot.outcome === 'goal' && shot.side === 'home')).toHaveLength(row.home_score);
    for (const client of [watcher, other, nobody]) client.close();
  }, 60_000);

  it("sends a basketball game's box-score lines as changed fields only; applied to the fetched documents they give a fresh fetch, across a reconnect", async () => {
    const live = (await matches('basketball')).filter((match) => match.status === 'live');
    expect(live.length).toBeGreaterThanOrEqual(1);
    const watched = live[0] as (typeof live)[number];
    const watcher = new LiveTestClient(url, { watchMatchId: watched.id });
    await until(() => watcher.client.positions.position('match_centre') !== undefined, 'synced');
    const startSeq = watcher.client.positions.position('match_centre') ?? 0;
    let boxScore = (await get<BasketballBoxScore>('/api/Basketball/boxScore', { match_id: watched.id })).data;
    let shotChart = (await get<BasketballShotChart>('/api/Basketball/shotChart', { match_id: watched.id })).data;
    let leadTracker = (await get<BasketballLeadTracker>('/api/Basketball/leadTracker', { match_id: watched.id })).data;
    const frames = await acrossADrop(watcher, watched.id, startSeq);
    for (const frame of frames) {
      boxScore = applyDeltaToBoxScore(boxScore, frame.data);
      shotChart = applyDeltaToShotChart(shotChart, frame.data);
      leadTracker = applyDeltaToLeadTracker(leadTracker, frame.data);
    }
    // Players already on the page travel as their changed fields (a few of the 15), not whole lines.
    const changes = frames.flatMap((frame) => frame.data.box_changes ?? []);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((change) => Object.keys(change.stats ?? {}).length < 15)).toBe(true);
    // A whole line travels once per player (his first appearance in the deltas).
    const wholeLines = frames.flatMap((frame) => (frame.data.box ?? []).map((line) => line.player.player_id));
    expect(new Set(wholeLines).size).toBe(wholeLines.length);
    expect(boxScore).toEqual((await get<BasketballBoxScore>('/api/Basketball/boxScore', { match_id: watched.id })).data);
    expect(shotChart).toEqual((await get<BasketballShotChart>('/api/Basketball/shotChart', { match_id: watched.id })).data);
    expect(leadTracker.points).toEqual((await get<BasketballLeadTracker>('/api/Basketball/leadTracker', { match_id: watched.id })).data.points);
    // Applying every frame again changes nothing (no event doubled).
    const again = frames.reduce((doc, frame) => applyDeltaToBoxScore(doc, frame.data), boxScore);
    expect(again).toEqual(boxScore);
    watcher.close();
  }, 60_000);
});

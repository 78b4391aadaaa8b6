import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FootballLineups, FootballMomentum, FootballShotMap } from '@sports/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../infra/clock';
import type { App } from '../../infra/http/types';
import { embeddedTarget } from '../../testing/dbTargets';
import { type FakeSite, createFakeSite } from '../../testing/fakeSite';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { liveFeedTestOptions, playFeed } from '../feed/testing/liveTestKit';

/**
 * The World Cup played in June and July (issue 36): a server first started in December stores its
 * knockouts with their match centre, as the demo feed played them, so the match pages the knowledge
 * base links to show lineups, a shot map whose goals are the score (a shoot-out's kicks are no
 * shots) and the momentum with the goals.
 */
describe('the past World Cup knockouts: their match centre stored and answered', () => {
  const clock = createManualClock(new Date('2026-12-06T03:00:00Z'));
  let database: TestDatabase;
  let site: FakeSite;
  let dataDir: string;
  let app: App;

  beforeAll(async () => {
    const adminUrl = embeddedTarget().adminUrl;
    if (adminUrl === null) throw new Error('no embedded PostgreSQL');
    database = await createTestDatabase(adminUrl, { template: embeddedTarget().migratedTemplate });
    site = await createFakeSite({ withHost: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-past-centre-'));
    app = await buildApp({ db: database.handle.db, siteRoot: site.root, logLevel: 'silent', dataDir, live: { feed: liveFeedTestOptions(clock) } });
    await app.ready();
    await playFeed(app, clock, 5_000);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await site?.remove();
    if (dataDir !== undefined) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const get = async <T>(url: string, matchId: number): Promise<T> => (await app.inject({ method: 'GET', url, query: { match_id: String(matchId) } })).json<{ data: T }>().data;

  it('answers every knockout with lineups, a shot map adding up to the score and the momentum; the group stage stays results only', async () => {
    const worldCup = await database.handle.db
      .selectFrom('match as m')
      .innerJoin('competition as c', 'c.id', 'm.competition_id')
      .select(['m.id', 'm.status', 'm.home_score', 'm.away_score', 'm.home_penalty_score', 'm.away_penalty_score', 'm.round_zh', 'm.kickoff_at'])
      .where('c.name_zh', '=', '国际足联世界杯')
      .orderBy('m.kickoff_at')
      .execute();
    const knockouts = worldCup.filter((match) => !match.round_zh.endsWith('组'));
    expect(knockouts).toHaveLength(32);
    expect(knockouts.some((match) => match.home_penalty_score !== null)).toBe(true);
    for (const match of knockouts) {
      const id = Number(match.id);
      expect(match.status).toBe('finished');
      const lineups = await get<FootballLineups>('/api/Football/lineups', id);
      expect(lineups.home.starters).toHaveLength(11);
      expect(lineups.away.starters).toHaveLength(11);
      const shotMap = await get<FootballShotMap>('/api/Football/shotMap', id);
      expect(shotMap.shots.filter((shot) => shot.side === 'home' && shot.outcome === 'goal')).toHaveLength(match.home_score);
      expect(shotMap.shots.filter((shot) => shot.side === 'away' && shot.outcome === 'goal')).toHaveLength(match.away_score);
      const momentum = await get<FootballMomentum>('/api/Football/momentum', id);
      expect(momentum.goals).toHaveLength(match.home_score + match.away_score);
      // Extra time is played on: 120 minutes of buckets when the match went to it.
      if (match.home_penalty_score !== null) expect(Math.max(...momentum.buckets.map((bucket) => bucket.minute))).toBeGreaterThanOrEqual(120);
    }
    const group = worldCup.find((match) => match.round_zh.endsWith('组'));
    expect(group).toBeDefined();
    expect((await get<FootballShotMap>('/api/Football/shotMap', Number(group?.id))).shots).toEqual([]);
  }, 60_000);
});

import type { RemoteAssignment, RemoteName } from '@sports/shared/server';
import type { KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { createLocalReleaseStore } from './releaseStore';
import { createRolloutRegistry } from './remoteRegistry';
import { FIXTURE_ROUTES, makeReleaseBuild, ops, publishThroughApi, type ReleaseBuildOptions, scratchReleases } from './testing/releaseFixtures';

/**
 * `GET /api/mf/remotes` hands each visitor the routes and widgets of the releases they get (issue
 * 16): a canary that adds a route adds it for the visitors inside the canary only, and a rollback
 * takes it away again.
 */
describeEachDatabase('routes in the visitors’ assignments', (target) => {
  const ctx = useTestApp(target, { withHost: false, app: { releases: scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }) } });
  let builds = 0;
  const publish = async (remote: RemoteName, routeManifest: ReleaseBuildOptions['routeManifest'] = {}) => {
    const version = `7.0.${++builds}`;
    const { releaseId, register } = await publishThroughApi(ctx.app, remote, await makeReleaseBuild(remote, version, `${remote} ${version}`, { routeManifest }), version);
    expect(register.json().code, register.body).toBe(200);
    return releaseId;
  };
  const post = async (url: string, body: object) => expect((await ops(ctx.app, 'POST', url, body)).json().code).toBe(200);
  const goLive = async (remote: RemoteName, releaseId: string) => {
    await post(`/api/mf/rollouts/${remote}/canary`, { releaseId, percent: 100, reason: 'first' });
    await post(`/api/mf/rollouts/${remote}/promote`, { reason: 'first' });
  };
  const remotesFor = async (cookie: string) => (await ctx.app.inject({ url: '/api/mf/remotes', headers: { cookie } })).json().data.remotes as RemoteAssignment[];
  const visitors = Array.from({ length: 200 }, (_, index) => `vid=routesvisitor${String(index).padStart(6, '0')}`);
  const rank = { path: 'rank', title: '排行榜', navIndex: 2 };
  let liveStable = '';

  it("answers each assignment with its release's routes and widgets", async () => {
    liveStable = await publish('mf_live');
    await goLive('mf_live', liveStable);
    const scoresStable = await publish('mf_scores');
    await goLive('mf_scores', scoresStable);
    expect(await remotesFor(visitors[0] as string)).toEqual([
      { name: 'mf_live', version: liveStable, manifestUrl: `/web/releases/mf-live/${liveStable}/mf-manifest.json`, channel: 'stable', ...FIXTURE_ROUTES.mf_live },
      { name: 'mf_scores', version: scoresStable, manifestUrl: `/web/releases/mf-scores/${scoresStable}/mf-manifest.json`, channel: 'stable', ...FIXTURE_ROUTES.mf_scores },
    ]);
    expect(FIXTURE_ROUTES.mf_scores.routes[0]).toMatchObject({ hidesHeaderOnScroll: true });
  });

  it('a canary that adds a route gives it to the visitors inside the canary only; a rollback takes it away', async () => {
    const withRank = await publish('mf_live', { routes: [...FIXTURE_ROUTES.mf_live.routes, rank] });
    await post('/api/mf/rollouts/mf_live/canary', { releaseId: withRank, percent: 30, reason: 'new screen' });
    const liveOf = async (visitor: string) => (await remotesFor(visitor)).find((remote) => remote.name === 'mf_live');
    let inside = 0;
    for (const visitor of visitors) {
      const live = await liveOf(visitor);
      if (live?.channel === 'candidate') {
        inside++;
        // The fallback carries its own routes and widgets: a page that falls back to the stable
        // builds mf_live's routes from the stable, which has no #/rank.
        expect(live).toMatchObject({ version: withRank, routes: [...FIXTURE_ROUTES.mf_live.routes, rank], fallback: { version: liveStable, ...FIXTURE_ROUTES.mf_live } });
        expect(live?.fallback).toEqual({ version: liveStable, manifestUrl: `/web/releases/mf-live/${liveStable}/mf-manifest.json`, ...FIXTURE_ROUTES.mf_live });
      } else {
        expect(live).toMatchObject({ version: liveStable, channel: 'stable', routes: FIXTURE_ROUTES.mf_live.routes });
      }
    }
    expect(inside).toBeGreaterThan(30);
    expect(inside).toBeLessThan(90);

    await post('/api/mf/rollouts/mf_live/rollback', { reason: 'not yet' });
    for (const visitor of visitors) expect((await liveOf(visitor))?.routes.map((route) => route.path)).toEqual(['live']);

    // Promoted for everyone, then rolled back to the release before: gone for everyone again.
    await goLive('mf_live', withRank);
    expect((await liveOf(visitors[0] as string))?.routes).toEqual([...FIXTURE_ROUTES.mf_live.routes, rank]);
    await post('/api/mf/rollouts/mf_live/rollback', { toReleaseId: liveStable, reason: 'regression' });
    for (const visitor of visitors.slice(0, 20)) expect(await liveOf(visitor)).toMatchObject({ version: liveStable, routes: FIXTURE_ROUTES.mf_live.routes });
  });

  it('answers no routes and no widgets for a release registered before route manifests', async () => {
    await ctx.db.updateTable('mf_release').set({ route_manifest: null }).where('remote', '=', 'mf_scores').execute();
    expect((await remotesFor(visitors[1] as string)).find((remote) => remote.name === 'mf_scores')).toMatchObject({ channel: 'stable', routes: [], widgets: [] });
  });

  it('reads the rollouts and every release it names in two queries, overrides included', async () => {
    const communityStable = await publish('mf_community');
    await goLive('mf_community', communityStable);
    const memberStable = await publish('mf_member');
    await goLive('mf_member', memberStable);
    const liveOverride = await publish('mf_live', { routes: [...FIXTURE_ROUTES.mf_live.routes, rank] });
    const memberOverride = await publish('mf_member', { routes: [] });

    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const registry = createRolloutRegistry(ctx.db.withPlugin(counter), createLocalReleaseStore('/unused'));
    const overrides = new Map<RemoteName, string>([['mf_live', liveOverride], ['mf_member', memberOverride]]);
    const answer = await registry.assignmentsFor({ key: 'guest:counted', overrides });
    expect(queries).toBe(2);
    expect(answer.map((remote) => [remote.name, remote.channel, remote.routes.map((route) => route.path)])).toEqual([
      ['mf_live', 'override', ['live', 'rank']],
      ['mf_scores', 'stable', []],
      ['mf_community', 'stable', ['news']],
      ['mf_member', 'override', []],
    ]);
  });
});

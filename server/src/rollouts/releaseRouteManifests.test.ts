import { expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { routeManifestMessages } from './routeManifestCheck';
import { makeReleaseBuild, ops, publishThroughApi, type ReleaseBuildOptions, routeManifestOf, scratchReleases } from './testing/releaseFixtures';

/**
 * Registration reads the release's route-manifest.json (issue 16): a release whose manifest is
 * missing or unsound is refused like an incompatible one (RELEASE_REFUSED with the problems,
 * audited, never served); a sound one is stored with the release.
 */
describeEachDatabase('route manifests at registration', (target) => {
  const ctx = useTestApp(target, { withHost: false, app: { releases: scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }) } });
  let version = 0;
  const publish = async (routeManifest: ReleaseBuildOptions['routeManifest']) => {
    const next = `3.0.${++version}`;
    return publishThroughApi(ctx.app, 'mf_scores', await makeReleaseBuild('mf_scores', next, `build ${next}`, { routeManifest }), next);
  };
  const route = (path: string, title = '页面') => ({ path, title, navIndex: 1 });

  it('stores the manifest of a sound release with it', async () => {
    const declaration = { routes: [route('football', '足球'), { path: 'trophy/home', title: '奖杯', navIndex: null, requiresLogin: true }], widgets: [{ id: 'hotMatches', slot: 'home' as const, order: 10 }] };
    const { releaseId, register } = await publish(declaration);
    expect(register.json()).toMatchObject({ code: 200, data: { remote: 'mf_scores', releaseId } });
    const row = await ctx.db.selectFrom('mf_release').select('route_manifest').where('release_id', '=', releaseId).executeTakeFirstOrThrow();
    expect(row.route_manifest).toEqual(routeManifestOf('mf_scores', declaration));
    // Served with the release, as the build emitted it.
    expect((await ctx.app.inject(`/web/releases/mf-scores/${releaseId}/route-manifest.json`)).json()).toEqual(routeManifestOf('mf_scores', declaration));
  });

  it.each([
    ['no route-manifest.json', null, routeManifestMessages.missing],
    ['a file that is not JSON', '{"schemaVersion": 1,', routeManifestMessages.unreadable],
    ['a field the schema refuses', { routes: [{ path: 'football', title: '足球', navIndex: 10 }] }, routeManifestMessages.invalid('routes.0.navIndex 取值无效')],
    ['a missing field', JSON.stringify({ schemaVersion: 1, remote: 'mf_scores', routes: [] }), routeManifestMessages.invalid('缺少参数 widgets')],
    ["another remote's manifest", JSON.stringify(routeManifestOf('mf_live')), routeManifestMessages.otherRemote('mf_live', 'mf_scores')],
    ['a path declared twice', { routes: [route('football'), route('basketball'), route('football')] }, routeManifestMessages.duplicatePath('football')],
    ['a widget declared twice', { widgets: [{ id: 'hotMatches', slot: 'home' as const, order: 1 }, { id: 'hotMatches', slot: 'home' as const, order: 2 }] }, routeManifestMessages.duplicateWidget('hotMatches')],
    ['a blank title', { routes: [route('football', '   ')] }, routeManifestMessages.blankTitle('football')],
    ["a path the host keeps", { routes: [route('football'), route('login')] }, routeManifestMessages.hostPath('login')],
  ])('refuses a release with %s, audits why, and never serves it', async (_case, routeManifest, problem) => {
    const { releaseId, register } = await publish(routeManifest);
    expect(register.json()).toEqual({ code: 1, msg: errors.RELEASE_REFUSED.message([problem]), data: null, reason: 'RELEASE_REFUSED' });
    const audit = (await ops(ctx.app, 'GET', '/api/mf/audit?remote=mf_scores&limit=1')).json().data as Array<{ action: string; releaseId: string; detail: unknown }>;
    expect(audit[0]).toMatchObject({ action: 'publish', releaseId, detail: { refused: [problem] } });
    expect((await ctx.app.inject(`/web/releases/mf-scores/${releaseId}/mf-manifest.json`)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('mf_release').select('id').where('release_id', '=', releaseId).executeTakeFirst()).toBeUndefined();
  });

  it('lists the problems of both manifests together', async () => {
    const next = '3.1.0';
    const folder = await makeReleaseBuild('mf_scores', next, 'both broken', { reactVersion: '18.3.1', routeManifest: { routes: [route('ops')] } });
    const { register } = await publishThroughApi(ctx.app, 'mf_scores', folder, next);
    expect(register.json().msg).toBe(errors.RELEASE_REFUSED.message(["react 18.3.1 is not the host's major version (19.3.1)", routeManifestMessages.hostPath('ops')]));
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_PACKAGE_FOLDER, type RemoteName } from '@sports/shared/server';
import { expect, it, onTestFinished } from 'vitest';
import { recordLogs } from '../chat/testing/logRecorder';
import { errors } from '../infra/http/errorCatalogue';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { publishLocalBuilds } from './bootstrapReleases';
import { createLocalReleaseStore } from './releaseStore';
import { makeStable } from './rolloutOperations';
import { HOST_PROVIDES, HOST_RUNTIME_VERSION, HOST_SHARED, makeReleaseBuild, ops, publishThroughApi, scratchReleases } from './testing/releaseFixtures';

type Answer = { code: number; msg: string; reason?: string };
type AuditRow = { action: string; releaseId: string | null; actor: string; detail: Record<string, unknown> };
type Assignment = { name: string; version: string; channel: string; routes: Array<{ path: string }> };

/**
 * A path belongs to one remote among the releases in traffic (routeOwnership.ts): a release whose
 * path another remote's stable or candidate holds cannot take traffic — not by canary, promote,
 * rollback to it, QA override or the server start's makeStable — and two remotes racing for one
 * path cannot both win.
 */
describeEachDatabase('route ownership between remotes', (target) => {
  const ctx = useTestApp(target, { withHost: false, app: { releases: scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }) } });
  let builds = 0;
  /** Publishes a release of `remote` declaring these paths (and no widgets). */
  const publish = async (remote: RemoteName, paths: string[]) => {
    const version = `5.0.${++builds}`;
    const routes = paths.map((routePath) => ({ path: routePath, title: routePath, navIndex: null }));
    const folder = await makeReleaseBuild(remote, version, `${remote} ${paths.join(' ')}`, { routeManifest: { routes, widgets: [] } });
    const { releaseId, register } = await publishThroughApi(ctx.app, remote, folder, version);
    expect(register.json().code, register.body).toBe(200);
    return releaseId;
  };
  const post = async (url: string, body: object): Promise<Answer> => (await ops(ctx.app, 'POST', url, body)).json();
  const canary = (remote: RemoteName, releaseId: string, percent: number) => post(`/api/mf/rollouts/${remote}/canary`, { releaseId, percent, reason: 'test canary' });
  const promote = (remote: RemoteName) => post(`/api/mf/rollouts/${remote}/promote`, { reason: 'test promote' });
  const rollback = (remote: RemoteName, toReleaseId?: string) => post(`/api/mf/rollouts/${remote}/rollback`, { reason: 'test rollback', ...(toReleaseId ? { toReleaseId } : {}) });
  const goLive = async (remote: RemoteName, releaseId: string) => {
    expect(await canary(remote, releaseId, 100)).toMatchObject({ code: 200 });
    expect(await promote(remote)).toMatchObject({ code: 200 });
  };
  const stateOf = async (remote: RemoteName) =>
    ((await ops(ctx.app, 'GET', '/api/mf/rollouts')).json().data as Array<{ remote: string; stable: string | null; candidate: string | null; candidatePercent: number }>).find((row) => row.remote === remote);
  const lastAudit = async (remote: RemoteName) => ((await ops(ctx.app, 'GET', `/api/mf/audit?remote=${remote}&limit=1`)).json().data as AuditRow[])[0];
  const claimed = (routePath: string, remote: RemoteName, releaseId: string): Answer =>
    ({ code: 1, msg: errors.ROUTE_CLAIMED.message(routePath, remote, releaseId), data: null, reason: 'ROUTE_CLAIMED' }) as Answer;

  const ids = { live1: '', live2: '', scores1: '', community1: '' };

  it("refuses a canary taking a path another remote's stable holds, or its candidate at 0 %; audited, nothing changes", async () => {
    ids.live1 = await publish('mf_live', ['live', 'shared-a']);
    await goLive('mf_live', ids.live1);

    ids.scores1 = await publish('mf_scores', ['football', 'shared-a']);
    expect(await canary('mf_scores', ids.scores1, 10)).toEqual(claimed('shared-a', 'mf_live', ids.live1));
    expect(await stateOf('mf_scores')).toMatchObject({ stable: null, candidate: null, candidatePercent: 0 });
    expect(await lastAudit('mf_scores')).toMatchObject({
      action: 'canary',
      releaseId: ids.scores1,
      actor: 'alice',
      detail: { refused: [errors.ROUTE_CLAIMED.message('shared-a', 'mf_live', ids.live1)], claims: [{ path: 'shared-a', remote: 'mf_live', releaseId: ids.live1, channel: 'stable' }] },
    });
    // The host's router matches paths without case: 'Shared-A' is the same route.
    const otherCase = await publish('mf_scores', ['football', 'Shared-A']);
    expect(await canary('mf_scores', otherCase, 0)).toEqual(claimed('Shared-A', 'mf_live', ids.live1));

    ids.community1 = await publish('mf_community', ['news', 'shared-b']);
    expect(await canary('mf_community', ids.community1, 0)).toMatchObject({ code: 200 });
    const takesB = await publish('mf_scores', ['football', 'shared-b']);
    expect(await canary('mf_scores', takesB, 50)).toEqual(claimed('shared-b', 'mf_community', ids.community1));
    expect((await lastAudit('mf_scores'))?.detail).toMatchObject({ claims: [{ path: 'shared-b', remote: 'mf_community', channel: 'candidate' }] });
  });

  it("a remote's own stable and candidate may share paths", async () => {
    const next = await publish('mf_live', ['live', 'shared-a', 'rank']);
    expect(await canary('mf_live', next, 20)).toMatchObject({ code: 200 });
    expect(await rollback('mf_live')).toMatchObject({ code: 200 });
  });

  it("moving a path to another remote takes two steps: the old owner's release without it first", async () => {
    ids.live2 = await publish('mf_live', ['live']);
    await goLive('mf_live', ids.live2);
    await goLive('mf_scores', ids.scores1);
    expect(await stateOf('mf_scores')).toMatchObject({ stable: ids.scores1 });
  });

  it('refuses a rollback to a release whose path another remote has taken since; audited', async () => {
    expect(await rollback('mf_live', ids.live1)).toEqual(claimed('shared-a', 'mf_scores', ids.scores1));
    expect(await stateOf('mf_live')).toMatchObject({ stable: ids.live2, candidate: null });
    expect(await lastAudit('mf_live')).toMatchObject({ action: 'rollback', releaseId: ids.live1, detail: { claims: [{ path: 'shared-a', remote: 'mf_scores', channel: 'stable' }] } });
  });

  it('promote checks again: a candidate set without the check (an older node during a rolling deploy) is refused', async () => {
    const unchecked = await publish('mf_live', ['live', 'shared-b']);
    await ctx.db.updateTable('mf_rollout').set({ candidate_release_id: unchecked, candidate_percent: 5 }).where('remote', '=', 'mf_live').execute();
    expect(await promote('mf_live')).toEqual(claimed('shared-b', 'mf_community', ids.community1));
    expect(await stateOf('mf_live')).toMatchObject({ stable: ids.live2, candidate: unchecked, candidatePercent: 5 });
    expect(await lastAudit('mf_live')).toMatchObject({ action: 'promote', releaseId: unchecked });
    // Dropping a candidate frees paths: never refused.
    expect(await rollback('mf_live')).toMatchObject({ code: 200 });
  });

  it("refuses a QA override token for a release whose path another remote's release in traffic holds", async () => {
    expect(await post('/api/mf/overrides', { remote: 'mf_live', releaseId: ids.live1 })).toEqual(claimed('shared-a', 'mf_scores', ids.scores1));
    const free = await publish('mf_live', ['live', 'qa-only']);
    expect(await post('/api/mf/overrides', { remote: 'mf_live', releaseId: free })).toMatchObject({ code: 200 });
  });

  it("an override token is not honoured once another remote's release in traffic holds one of its paths", async () => {
    const qaRelease = await publish('mf_live', ['live', 'qa-later']);
    const { token } = (await ops(ctx.app, 'POST', '/api/mf/overrides', { remote: 'mf_live', releaseId: qaRelease })).json().data as { token: string };
    const liveFor = async () => {
      const response = await ctx.app.inject({ url: `/api/mf/remotes?override=${encodeURIComponent(token)}`, headers: { cookie: 'vid=ownershipqavisitor01' } });
      return response.json().data.remotes as Assignment[];
    };
    expect((await liveFor()).find((remote) => remote.name === 'mf_live')).toMatchObject({ version: qaRelease, channel: 'override' });
    // The token is no claim: another remote may take the path, and then the override gives way.
    const taker = await publish('mf_community', ['news', 'qa-later']);
    await goLive('mf_community', taker);
    const answer = await liveFor();
    expect(answer.find((remote) => remote.name === 'mf_live')).toMatchObject({ version: ids.live2, channel: 'stable' });
    const paths = answer.flatMap((remote) => remote.routes.map((route) => route.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('of two remotes canarying releases with one path at the same time, exactly one wins', async () => {
    for (let round = 0; round < 6; round++) {
      const contested = `race-${round}`;
      const [live, scores] = [await publish('mf_live', ['live', contested]), await publish('mf_scores', ['football', contested])];
      const answers = await Promise.all([canary('mf_live', live, 10), canary('mf_scores', scores, 10)]);
      expect(answers.map((answer) => answer.code).sort()).toEqual([1, 200]);
      const loser = answers.find((answer) => answer.code === 1);
      expect(loser?.reason).toBe('ROUTE_CLAIMED');
      const winner: RemoteName = answers[0]?.code === 200 ? 'mf_live' : 'mf_scores';
      expect(loser?.msg).toBe(errors.ROUTE_CLAIMED.message(contested, winner, winner === 'mf_live' ? live : scores));
      const candidates = [(await stateOf('mf_live'))?.candidate, (await stateOf('mf_scores'))?.candidate];
      expect(candidates.filter((candidate) => candidate !== null)).toEqual([winner === 'mf_live' ? live : scores]);
      expect(await rollback(winner)).toMatchObject({ code: 200 });
    }
  });

  it('makeStable (the server start) fails with a message naming both remotes and the path, audited', async () => {
    await expect(makeStable(ctx.db, 'mf_live', ids.live1, 'local build at server start')).rejects.toThrow(
      `mf_live ${ids.live1} cannot become stable: path #/shared-a is taken by mf_scores ${ids.scores1} (its stable)`,
    );
    expect(await stateOf('mf_live')).toMatchObject({ stable: ids.live2 });
    expect(await lastAudit('mf_live')).toMatchObject({ action: 'bootstrap', releaseId: ids.live1, actor: 'system', detail: { refused: [errors.ROUTE_CLAIMED.message('shared-a', 'mf_scores', ids.scores1)] } });
  });

  it('the server start moves a path between two local builds in one go, and logs a real conflict as an error', async () => {
    const siteRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-site-'));
    const releasesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-local-releases-'));
    onTestFinished(async () => {
      for (const folder of [siteRoot, releasesDir, `${releasesDir}-staging`]) await fs.rm(folder, { recursive: true, force: true });
    });
    const deps = { db: ctx.db, store: createLocalReleaseStore(releasesDir), hostShared: HOST_SHARED, hostRuntimeVersion: HOST_RUNTIME_VERSION, hostProvides: HOST_PROVIDES };
    const start = async (declared: Partial<Record<RemoteName, string[]>>) => {
      await fs.rm(siteRoot, { recursive: true, force: true });
      const versions: Partial<Record<RemoteName, string>> = {};
      for (const [remote, paths] of Object.entries(declared) as Array<[RemoteName, string[]]>) {
        versions[remote] = `6.0.${++builds}`;
        const routes = paths.map((routePath) => ({ path: routePath, title: routePath, navIndex: null }));
        const build = await makeReleaseBuild(remote, versions[remote], paths.join(' '), { routeManifest: { routes, widgets: [] } });
        await fs.cp(build, path.join(siteRoot, REMOTE_PACKAGE_FOLDER[remote], 'dist'), { recursive: true });
      }
      const logs = recordLogs();
      await publishLocalBuilds(deps, { siteRoot, makeStable: true, log: logs.logger });
      return { logs: logs.entries, versions };
    };
    const stableVersion = async (remote: RemoteName) => (await stateOf(remote))?.stable?.replace(/-[0-9a-f]+$/, '');

    // mf_member holds #/moving; then it moves to mf_community, which the start reaches first.
    // (The remotes without a build here are warned about and left alone.)
    const first = await start({ mf_community: ['news'], mf_member: ['member', 'moving'] });
    expect(first.logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(await stableVersion('mf_member')).toBe(first.versions.mf_member);
    const second = await start({ mf_community: ['news', 'moving'], mf_member: ['member'] });
    expect(second.logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(await stableVersion('mf_community')).toBe(second.versions.mf_community);
    expect(await stableVersion('mf_member')).toBe(second.versions.mf_member);

    // A path another remote's release holds (mf_scores' stable): the remote keeps its stable.
    const third = await start({ mf_member: ['member', 'football'] });
    const failures = third.logs.filter((line) => line.level >= 50);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.msg).toMatch(new RegExp(`^mf_member: local build not made stable: mf_member 6\\.0\\.\\d+-[0-9a-f]+ cannot become stable: path #/football is taken by mf_scores ${ids.scores1} \\(its stable\\)$`));
    expect(await stableVersion('mf_member')).toBe(second.versions.mf_member);
  });
});

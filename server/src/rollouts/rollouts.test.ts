import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { makeReleaseBuild, ops, publishThroughApi, scratchReleases, TEST_OPS_TOKEN } from './testing/releaseFixtures';
import { errors } from '../infra/http/errorCatalogue';

type Assignment = { name: string; version: string; channel: string; fallback?: { version: string } };

describeEachDatabase('rollout control plane', (target) => {
  const ctx = useTestApp(target, { app: { releases: scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }) } });
  const audit = async () => (await ops(ctx.app, 'GET', '/api/mf/audit?remote=mf_live&limit=500')).json().data as Array<{ action: string; releaseId: string; actor: string; reason: string }>;
  const state = async () => ((await ops(ctx.app, 'GET', '/api/mf/rollouts')).json().data as Array<{ remote: string; stable: string | null; candidate: string | null; candidatePercent: number }>).find((row) => row.remote === 'mf_live');
  const assignmentFor = async (cookie: string, query = ''): Promise<Assignment | undefined> => {
    const response = await ctx.app.inject({ url: `/api/mf/remotes${query}`, headers: { cookie } });
    return (response.json().data.remotes as Assignment[]).find((remote) => remote.name === 'mf_live');
  };
  const visitors = Array.from({ length: 1000 }, (_, index) => `vid=visitor${String(index).padStart(12, '0')}`);
  let stableId = '';
  let candidateId = '';

  it('refuses callers without the ops token, before reading or validating anything', async () => {
    for (const headers of [{}, { 'x-ops-token': 'wrong' }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/mf/rollouts', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 1, msg: errors.OPS_FORBIDDEN.message, data: null, reason: 'OPS_FORBIDDEN' });
    }
    const badUpload = await ctx.app.inject({ method: 'PUT', url: '/api/mf/releases/not_a_remote/x/files/a.js', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(1024) });
    expect(badUpload.statusCode).toBe(403);
  });

  it('publishes a release: uploaded, checked, registered, audited, then immutable', async () => {
    const folder = await makeReleaseBuild('mf_live', '1.0.0', 'stable');
    const { releaseId, register } = await publishThroughApi(ctx.app, 'mf_live', folder, '1.0.0');
    expect(register.json()).toMatchObject({ code: 200, data: { remote: 'mf_live', releaseId, version: '1.0.0', manifestUrl: `/web/releases/mf-live/${releaseId}/mf-manifest.json` } });
    stableId = releaseId;
    // Served, immutable, cross-origin.
    const manifest = await ctx.app.inject(`/web/releases/mf-live/${releaseId}/mf-manifest.json`);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toContain('immutable');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    // Once registered, nothing in it can change.
    const late = await ctx.app.inject({ method: 'PUT', url: `/api/mf/releases/mf_live/${releaseId}/files/chunks/2.js`, headers: { 'x-ops-token': TEST_OPS_TOKEN, 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    expect(late.json()).toEqual({ code: 1, msg: errors.RELEASE_SEALED.message, data: null, reason: 'RELEASE_SEALED' });
    // Registering again is a no-op.
    expect((await ops(ctx.app, 'POST', '/api/mf/releases', { remote: 'mf_live', releaseId, reason: 'again' })).json().code).toBe(200);
    expect((await audit()).filter((entry) => entry.action === 'publish')).toHaveLength(1);
  });

  it('refuses upload paths that leave the release folder', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/mf/releases/mf_live/9.9.9-abcdef1234/files/..%2F..%2Fescape.js', headers: { 'x-ops-token': TEST_OPS_TOKEN, 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    expect(response.json().code).toBe(1);
  });

  it('refuses an incompatible release with the reason, audits the refusal, and never serves it', async () => {
    const folder = await makeReleaseBuild('mf_live', '1.5.0', 'old react', { reactVersion: '18.3.1' });
    const { releaseId, register } = await publishThroughApi(ctx.app, 'mf_live', folder, '1.5.0');
    expect(register.json()).toEqual({ code: 1, msg: "发布被拒绝：react 18.3.1 is not the host's major version (19.3.1)", data: null, reason: 'RELEASE_REFUSED' });
    expect((await ctx.app.inject(`/web/releases/mf-live/${releaseId}/mf-manifest.json`)).statusCode).toBe(404);
    const refusal = (await audit()).find((entry) => entry.releaseId === releaseId);
    expect(refusal).toMatchObject({ action: 'publish', actor: 'alice' });
    expect((await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId, percent: 10, reason: 'try' })).json().code).toBe(1);
  });

  it('refuses a release whose content does not match its id', async () => {
    const folder = await makeReleaseBuild('mf_live', '1.6.0', 'tampered');
    const forged = '1.6.0-0000000000';
    await ctx.app.inject({ method: 'PUT', url: `/api/mf/releases/mf_live/${forged}/files/mf-manifest.json`, headers: { 'x-ops-token': TEST_OPS_TOKEN, 'content-type': 'application/octet-stream' }, payload: await import('node:fs/promises').then((fs) => fs.readFile(`${folder}/mf-manifest.json`)) });
    const register = await ops(ctx.app, 'POST', '/api/mf/releases', { remote: 'mf_live', releaseId: forged, reason: 'forged' });
    expect(register.json().msg).toMatch(/^发布被拒绝：发布内容与发布号不符/);
  });

  it('a first release goes live by canary and promote', async () => {
    expect((await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: stableId, percent: 100, reason: 'first' })).json().code).toBe(200);
    expect((await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/promote', { reason: 'first release' })).json().code).toBe(200);
    expect(await state()).toMatchObject({ stable: stableId, candidate: null, candidatePercent: 0 });
    expect(await assignmentFor(visitors[0] as string)).toMatchObject({ version: stableId, channel: 'stable' });
  });

  it('a 10 % canary reaches 10 % ± 3 % of 1,000 visitors, sticky, and raising it only adds visitors', async () => {
    const folder = await makeReleaseBuild('mf_live', '1.1.0', 'candidate');
    candidateId = (await publishThroughApi(ctx.app, 'mf_live', folder, '1.1.0')).releaseId;
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: candidateId, percent: 10, reason: 'canary' });
    const onCandidate = async () => {
      const result = new Set<string>();
      for (const visitor of visitors) {
        const assignment = await assignmentFor(visitor);
        if (assignment?.version === candidateId) {
          expect(assignment).toMatchObject({ channel: 'candidate', fallback: { version: stableId } });
          result.add(visitor);
        }
      }
      return result;
    };
    const atTen = await onCandidate();
    expect(atTen.size).toBeGreaterThanOrEqual(70);
    expect(atTen.size).toBeLessThanOrEqual(130);
    expect(await onCandidate()).toEqual(atTen);
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: candidateId, percent: 40, reason: 'more' });
    const atForty = await onCandidate();
    for (const visitor of atTen) expect(atForty.has(visitor)).toBe(true);
    expect(atForty.size).toBeGreaterThan(atTen.size);
    // 3,000 assignment requests one after another: 10-15 s alone, past 30 s beside the other lanes.
  }, 120_000);

  it('a new guest gets a visitor cookie that keeps its bucket', async () => {
    const first = await ctx.app.inject('/api/mf/remotes');
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    expect(cookie).toMatch(/^vid=[A-Za-z0-9_-]{16,}$/);
    const again = await ctx.app.inject({ url: '/api/mf/remotes', headers: { cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json().data).toEqual(first.json().data);
  });

  it('a QA override (a token from the ops API) is honoured only for a release registered for that remote, and sticks', async () => {
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: candidateId, percent: 0, reason: 'qa only' });
    const visitor = visitors[1] as string;
    expect(await assignmentFor(visitor)).toMatchObject({ version: stableId, channel: 'stable' });
    const { token } = (await ops(ctx.app, 'POST', '/api/mf/overrides', { remote: 'mf_live', releaseId: candidateId })).json().data as { token: string };
    const overridden = await ctx.app.inject({ url: `/api/mf/remotes?override=${encodeURIComponent(token)}`, headers: { cookie: visitor } });
    expect(overridden.json().data.remotes.find((remote: Assignment) => remote.name === 'mf_live')).toMatchObject({ version: candidateId, channel: 'override', fallback: { version: stableId } });
    const overrideCookie = String(overridden.headers['set-cookie']).split(';')[0];
    expect(await assignmentFor(`${visitor}; ${overrideCookie}`)).toMatchObject({ version: candidateId, channel: 'override' });
    // Bare, unregistered, another remote's, or malformed: ignored (overrideTokens.test.ts has the forged ones).
    for (const override of [`mf_live@${candidateId}`, 'mf_live@9.9.9-abcdef1234', `mf_scores@${candidateId}`, 'mf_live@<script>', 'x'.repeat(300)]) {
      expect(await assignmentFor(visitor, `?override=${encodeURIComponent(override)}`)).toMatchObject({ version: stableId, channel: 'stable' });
    }
  });

  it('promote makes the candidate everyone’s; rollback sets stable back; both audited', async () => {
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/promote', { reason: 'looks good' }, 'bob');
    expect(await state()).toMatchObject({ stable: candidateId, candidate: null, candidatePercent: 0 });
    expect(await assignmentFor(visitors[2] as string)).toMatchObject({ version: candidateId, channel: 'stable' });
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { toReleaseId: stableId, reason: 'regression' }, 'carol');
    expect(await state()).toMatchObject({ stable: stableId });
    const log = await audit();
    expect(log[0]).toMatchObject({ action: 'rollback', releaseId: stableId, actor: 'carol', reason: 'regression' });
    expect(log[1]).toMatchObject({ action: 'promote', releaseId: candidateId, actor: 'bob', reason: 'looks good' });
    expect((await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { reason: 'nothing to drop' })).json().code).toBe(1);
  });

  it('concurrent operations on one remote leave a consistent state and one audit row each', async () => {
    const before = (await audit()).length;
    const operations = Array.from({ length: 24 }, (_, index) => {
      if (index % 3 === 0) return ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: candidateId, percent: index, reason: `c${index}` });
      if (index % 3 === 1) return ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { reason: `r${index}` });
      return ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/promote', { reason: `p${index}` });
    });
    const answers = await Promise.all(operations);
    const succeeded = answers.filter((answer) => answer.json().code === 200).length;
    expect((await audit()).length - before).toBe(succeeded);
    const final = await state();
    expect(final?.stable).not.toBeNull();
    expect(final?.candidate === null ? final.candidatePercent : 0).toBe(0);
    expect(final?.candidate).not.toBe(final?.stable);
  });

  it('one address alone cannot halt a canary, however many visitors it claims to be', async () => {
    const folder = await makeReleaseBuild('mf_live', '1.9.0', 'flooded');
    const floodedId = (await publishThroughApi(ctx.app, 'mf_live', folder, '1.9.0')).releaseId;
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { toReleaseId: stableId, reason: 'reset' });
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: floodedId, percent: 50, reason: 'canary' });
    // 30 failures, each from a fresh visitor cookie, all from one address: counted as 5 visitors.
    for (let index = 0; index < 30; index++) {
      await ctx.app.inject({ method: 'POST', url: '/api/mf/telemetry', remoteAddress: '203.0.113.7', payload: { remote: 'mf_live', version: floodedId, phase: 'load', message: 'fake' } });
    }
    expect(await state()).toMatchObject({ candidate: floodedId, candidatePercent: 50 });
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { reason: 'done' });
  });

  it('halts a candidate whose error rate passes the threshold, audited by system', async () => {
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { toReleaseId: stableId, reason: 'reset' });
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { reason: 'reset' });
    const folder = await makeReleaseBuild('mf_live', '2.0.0', 'broken');
    const brokenId = (await publishThroughApi(ctx.app, 'mf_live', folder, '2.0.0')).releaseId;
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: brokenId, percent: 100, reason: 'brave' });
    // Each report from another visitor on another network, as real traffic is.
    let visitor = 0;
    const send = (phase: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/mf/telemetry', remoteAddress: `198.51.100.${++visitor}`, payload: { remote: 'mf_live', version: brokenId, phase, message: phase === 'loaded' ? '' : 'boom' } });
    for (let index = 0; index < 4; index++) await send('loaded');
    for (let index = 0; index < 4; index++) await send('load');
    // 8 visitors: below the minimum sample of 10, so not halted yet despite 50 %.
    expect(await state()).toMatchObject({ candidate: brokenId, candidatePercent: 100 });
    await send('render');
    await send('load');
    expect(await state()).toMatchObject({ candidate: brokenId, candidatePercent: 0 });
    expect((await audit())[0]).toMatchObject({ action: 'halt', releaseId: brokenId, actor: 'system' });
    expect(await assignmentFor(visitors[3] as string)).toMatchObject({ version: stableId, channel: 'stable' });
  });
});

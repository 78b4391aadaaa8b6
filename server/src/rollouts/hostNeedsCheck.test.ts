import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { HOST_RUNTIME_FILE, readHostProvides } from './bootstrapReleases';
import { hostNeedsOf, missingFromHost } from './hostNeedsCheck';
import { releaseMessages } from './releases';
import { HOST_PROVIDES, HOST_RUNTIME_VERSION, makeReleaseBuild, ops, publishThroughApi, scratchReleases } from './testing/releaseFixtures';

describe('what a release needs from the host', () => {
  it('is the needs of its mf-host-needs.json; nothing without the file (a build from before it); null when the file is broken', () => {
    expect(hostNeedsOf(JSON.stringify({ needs: ['bundler-runtime'] }))).toEqual(['bundler-runtime']);
    expect(hostNeedsOf(JSON.stringify({ needs: [] }))).toEqual([]);
    expect(hostNeedsOf(null)).toEqual([]);
    expect(hostNeedsOf('{ not json')).toBeNull();
    expect(hostNeedsOf(JSON.stringify({}))).toBeNull();
    expect(hostNeedsOf(JSON.stringify({ needs: 'bundler-runtime' }))).toBeNull();
    expect(hostNeedsOf(JSON.stringify({ needs: [''] }))).toBeNull();
    expect(hostNeedsOf('null')).toBeNull();
  });

  it('lacks nothing on a host that provides it, each capability the host does not provide', () => {
    expect(missingFromHost(['bundler-runtime'], ['bundler-runtime'])).toEqual([]);
    expect(missingFromHost(['bundler-runtime'], [])).toEqual(['bundler-runtime']);
    expect(missingFromHost(['bundler-runtime', 'page-theme'], ['bundler-runtime'])).toEqual(['page-theme']);
    expect(missingFromHost([], [])).toEqual([]);
  });
});

describe("what the host's page provides", () => {
  it("is `provides` of host/dist/mf-host-runtime.json; nothing when absent or from a host built before the list", async () => {
    const siteRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-host-provides-'));
    onTestFinished(() => fs.rm(siteRoot, { recursive: true, force: true }));
    expect(await readHostProvides(siteRoot)).toEqual([]);
    await fs.mkdir(path.join(siteRoot, 'host', 'dist'), { recursive: true });
    const file = path.join(siteRoot, 'host', 'dist', HOST_RUNTIME_FILE);
    await fs.writeFile(file, JSON.stringify({ pluginVersion: '2.9.2' }));
    expect(await readHostProvides(siteRoot)).toEqual([]);
    await fs.writeFile(file, JSON.stringify({ pluginVersion: '2.9.2', provides: ['bundler-runtime'] }));
    expect(await readHostProvides(siteRoot)).toEqual(['bundler-runtime']);
  });
});

describeEachDatabase('what a release needs from the host, at registration', (target) => {
  // A host built before it put its bundler runtime on the page: same runtime version, provides nothing.
  const releases = { ...scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }), hostProvides: [] };
  const ctx = useTestApp(target, { withHost: false, app: { releases } });
  const publish = async (version: string, hostNeeds: readonly string[] | string | null) =>
    publishThroughApi(ctx.app, 'mf_live', await makeReleaseBuild('mf_live', version, `needs ${JSON.stringify(hostNeeds)}`, { hostNeeds }), version);

  it("refuses a release needing what the host does not provide, naming it and the host's runtime; audited, never served", async () => {
    const { releaseId, register } = await publish('8.0.1', ['bundler-runtime']);
    const problem = releaseMessages.hostLacks('bundler-runtime', HOST_RUNTIME_VERSION);
    expect(register.json()).toEqual({ code: 1, msg: errors.RELEASE_REFUSED.message([problem]), data: null, reason: 'RELEASE_REFUSED' });
    expect(register.json().msg).toContain('bundler-runtime');
    expect(register.json().msg).toContain(HOST_RUNTIME_VERSION);
    const audit = (await ops(ctx.app, 'GET', '/api/mf/audit?remote=mf_live&limit=1')).json().data as Array<{ action: string; releaseId: string; detail: unknown }>;
    expect(audit[0]).toMatchObject({ action: 'publish', releaseId, detail: { refused: [problem] } });
    expect((await ctx.app.inject(`/web/releases/mf-live/${releaseId}/mf-manifest.json`)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('mf_release').select('id').where('release_id', '=', releaseId).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a release whose mf-host-needs.json is broken', async () => {
    const { register } = await publish('8.0.2', '{"needs": "bundler-runtime"}');
    expect(register.json()).toMatchObject({ code: 1, reason: 'RELEASE_REFUSED', msg: errors.RELEASE_REFUSED.message([releaseMessages.hostNeedsUnreadable]) });
  });

  it('registers a release that needs nothing, or has no mf-host-needs.json (built before it)', async () => {
    for (const [version, hostNeeds] of [['8.0.3', []], ['8.0.4', null]] as const) {
      const { releaseId, register } = await publish(version, hostNeeds);
      expect(register.json()).toMatchObject({ code: 200, data: { remote: 'mf_live', releaseId } });
    }
  });
});

describeEachDatabase('what a release needs from a host that provides it, at registration', (target) => {
  const ctx = useTestApp(target, { withHost: false, app: { releases: scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }) } });

  it('registers it', async () => {
    expect(HOST_PROVIDES).toContain('bundler-runtime');
    const folder = await makeReleaseBuild('mf_live', '8.1.0', 'needs the bundler runtime', { hostNeeds: ['bundler-runtime'] });
    const { releaseId, register } = await publishThroughApi(ctx.app, 'mf_live', folder, '8.1.0');
    expect(register.json()).toMatchObject({ code: 200, data: { remote: 'mf_live', releaseId } });
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { HOST_RUNTIME_FILE, readHostRuntimeVersion } from './bootstrapReleases';
import { federationRuntimeOf, runsOnHostRuntime } from './federationRuntimeCheck';
import { computeReleaseId } from '@sports/shared/node';
import { registerRelease, releaseMessages } from './releases';
import { HOST_PROVIDES, HOST_RUNTIME_VERSION, HOST_SHARED, makeReleaseBuild, ops, publishThroughApi, scratchReleases } from './testing/releaseFixtures';

describe('the federation runtime a release was built with', () => {
  it('is metaData.pluginVersion of its manifest, or null when it names none', () => {
    expect(federationRuntimeOf({ metaData: { pluginVersion: '2.9.2' } })).toBe('2.9.2');
    expect(federationRuntimeOf({ metaData: {} })).toBeNull();
    expect(federationRuntimeOf({ metaData: { pluginVersion: 2 } })).toBeNull();
    expect(federationRuntimeOf(null)).toBeNull();
  });

  it("runs on the host's runtime with the same major and minor version; a patch may differ", () => {
    expect(runsOnHostRuntime('2.9.2', '2.9.2')).toBe(true);
    expect(runsOnHostRuntime('2.9.0', '2.9.5')).toBe(true);
    expect(runsOnHostRuntime('2.8.4', '2.9.2')).toBe(false);
    expect(runsOnHostRuntime('2.10.0', '2.9.2')).toBe(false);
    expect(runsOnHostRuntime('1.9.2', '2.9.2')).toBe(false);
    expect(runsOnHostRuntime(null, '2.9.2')).toBe(false);
    expect(runsOnHostRuntime('not a version', '2.9.2')).toBe(false);
  });
});

describe("the host's runtime version", () => {
  it('is read from host/dist/mf-host-runtime.json, null when absent or without a version', async () => {
    const siteRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-host-runtime-'));
    onTestFinished(() => fs.rm(siteRoot, { recursive: true, force: true }));
    expect(await readHostRuntimeVersion(siteRoot)).toBeNull();
    await fs.mkdir(path.join(siteRoot, 'host', 'dist'), { recursive: true });
    await fs.writeFile(path.join(siteRoot, 'host', 'dist', HOST_RUNTIME_FILE), JSON.stringify({ pluginVersion: '' }));
    expect(await readHostRuntimeVersion(siteRoot)).toBeNull();
    await fs.writeFile(path.join(siteRoot, 'host', 'dist', HOST_RUNTIME_FILE), JSON.stringify({ pluginVersion: '2.9.2' }));
    expect(await readHostRuntimeVersion(siteRoot)).toBe('2.9.2');
  });
});

describeEachDatabase('the federation runtime at registration', (target) => {
  const releases = scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 });
  const ctx = useTestApp(target, { withHost: false, app: { releases } });
  const publish = async (version: string, pluginVersion: string | null) =>
    publishThroughApi(ctx.app, 'mf_live', await makeReleaseBuild('mf_live', version, `runtime ${String(pluginVersion)}`, { pluginVersion }), version);

  it("refuses a release built with another minor of the runtime, naming both versions; audited, never served", async () => {
    const { releaseId, register } = await publish('7.0.1', '2.8.4');
    expect(register.json()).toEqual({ code: 1, msg: errors.RELEASE_RUNTIME_MISMATCH.message('2.8.4', HOST_RUNTIME_VERSION), data: null, reason: 'RELEASE_RUNTIME_MISMATCH' });
    expect(register.json().msg).toContain('2.8.4');
    expect(register.json().msg).toContain(HOST_RUNTIME_VERSION);
    const audit = (await ops(ctx.app, 'GET', '/api/mf/audit?remote=mf_live&limit=1')).json().data as Array<{ action: string; releaseId: string; detail: unknown }>;
    expect(audit[0]).toMatchObject({ action: 'publish', releaseId, detail: { runtime: { release: '2.8.4', host: HOST_RUNTIME_VERSION } } });
    expect((await ctx.app.inject(`/web/releases/mf-live/${releaseId}/mf-manifest.json`)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('mf_release').select('id').where('release_id', '=', releaseId).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a release whose manifest names no runtime version', async () => {
    const { register } = await publish('7.0.2', null);
    expect(register.json()).toMatchObject({ code: 1, reason: 'RELEASE_RUNTIME_MISMATCH', msg: errors.RELEASE_RUNTIME_MISMATCH.message(releaseMessages.runtimeUnnamed, HOST_RUNTIME_VERSION) });
  });

  it("registers a release built with the host's runtime, or another patch of it", async () => {
    for (const [version, runtime] of [['7.0.3', HOST_RUNTIME_VERSION], ['7.0.4', '2.9.7']] as const) {
      const { releaseId, register } = await publish(version, runtime);
      expect(register.json()).toMatchObject({ code: 200, data: { remote: 'mf_live', releaseId } });
    }
  });

  it("refuses every release while the host's runtime is unknown (a host built before the check)", async () => {
    const folder = await makeReleaseBuild('mf_live', '7.0.5', 'host runtime unknown');
    const { releaseId } = await computeReleaseId(folder, '7.0.5');
    await releases.store.copyFolder('mf_live', releaseId, folder);
    const deps = { db: ctx.db, store: releases.store, hostShared: HOST_SHARED, hostRuntimeVersion: null, hostProvides: HOST_PROVIDES };
    await expect(registerRelease(deps, { remote: 'mf_live', releaseId, actor: 'alice', reason: 'test' })).rejects.toMatchObject({
      reason: 'RELEASE_REFUSED',
      message: errors.RELEASE_REFUSED.message([releaseMessages.hostRuntimeUnknown]),
    });
  });
});

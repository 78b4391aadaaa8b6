// What a production remote needs from the host's page and what the host's build provides
// (hostCapabilities.cjs): the files each build writes, which registration compares
// (server/src/rollouts/hostNeedsCheck.ts). The plugins run here against webpack's own hooks and
// sources, without a build: what they emit is what a build writes.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';

const require = createRequire(import.meta.url);
const { createFederatedConfig } = require('./createFederatedConfig.cjs');
const { HOST_NEEDS_FILE, HOST_PROVIDES } = require('./hostCapabilities.cjs');
const repo = path.resolve(import.meta.dirname, '../..');
const remoteDir = path.join(repo, 'mf-live');
const hostDir = path.join(repo, 'host');
const webpack = require(require.resolve('webpack', { paths: [hostDir] }));

const remoteConfig = (mode) => createFederatedConfig({ packageDir: remoteDir, name: 'mf_live', role: 'remote', exposes: {}, title: 't', devPort: 1 }, { mode });
const hostConfig = (mode) => createFederatedConfig({ packageDir: hostDir, name: 'host', role: 'host', title: 't', devPort: 1 }, { mode });

/** The files a config's plugins emit at processAssets, by name, parsed (only the JSON ones). */
function emittedJson(config) {
  const emitted = {};
  const compilation = {
    hooks: { processAssets: { tap: (_options, emit) => emit({}) } },
    emitAsset: (name, source) => {
      if (name.endsWith('.json')) emitted[name] = JSON.parse(source.source().toString());
    },
  };
  const compiler = { webpack, hooks: { thisCompilation: { tap: (_name, start) => start(compilation) } } };
  for (const plugin of config.plugins) {
    // Only this config's own plugins (the federation and html plugins need a real compiler).
    if (['HostSharedRequirementsPlugin', 'HostNeedsPlugin'].includes(plugin?.constructor?.name)) plugin.apply(compiler);
  }
  return emitted;
}

describe('what a remote needs from the host, and what the host provides', () => {
  it('a production remote writes mf-host-needs.json beside its manifest: it needs the bundler runtime', () => {
    assert.equal(HOST_NEEDS_FILE, 'mf-host-needs.json');
    assert.deepEqual(emittedJson(remoteConfig('production'))[HOST_NEEDS_FILE], { needs: ['bundler-runtime'] });
  });

  it('a remote in development (its harness) needs nothing', () => {
    assert.equal(emittedJson(remoteConfig('development'))[HOST_NEEDS_FILE], undefined);
  });

  it("the host's mf-host-runtime.json provides every capability, beside its runtime version", () => {
    assert.ok(HOST_PROVIDES.includes('bundler-runtime'));
    for (const mode of ['production', 'development']) {
      const runtime = emittedJson(hostConfig(mode))['mf-host-runtime.json'];
      assert.deepEqual(runtime.provides, [...HOST_PROVIDES]);
      assert.match(runtime.pluginVersion, /^\d+\.\d+\.\d+/);
    }
  });

  it('what a production remote needs, the host provides', () => {
    const { needs } = emittedJson(remoteConfig('production'))[HOST_NEEDS_FILE];
    const { provides } = emittedJson(hostConfig('production'))['mf-host-runtime.json'];
    assert.deepEqual(needs.filter((need) => !provides.includes(need)), []);
  });
});

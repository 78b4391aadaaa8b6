// The host hands its federation bundler runtime to the production remotes (issue 38,
// bundlerRuntimeFromHost in createFederatedConfig.cjs). The swap matches the file the federation
// plugin embeds by its resolved path: if a new @module-federation/enhanced embeds another file,
// the remotes would silently carry their own copy again (about 3.5 KiB each). The journeys
// (singleReact, remoteFallback, rollouts, routeOwnership) prove the swapped runtime works.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';

const require = createRequire(import.meta.url);
const { createFederatedConfig } = require('./createFederatedConfig.cjs');
const repo = path.resolve(import.meta.dirname, '../..');
const remoteDir = path.join(repo, 'mf-community');
const hostDir = path.join(repo, 'host');

/** The entry file the federation plugin embeds in a build of `packageDir` (its own resolution). */
function embeddedBundlerRuntime(packageDir) {
  const webpackEntry = require.resolve('@module-federation/enhanced/webpack', { paths: [packageDir] });
  const enhancedRoot = webpackEntry.slice(0, webpackEntry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const plugin = require(path.join(enhancedRoot, 'dist/src/lib/container/runtime/FederationRuntimePlugin.js'));
  return plugin.resolveRuntimePaths().bundlerRuntimePath;
}

const remoteConfig = (mode) => createFederatedConfig({ packageDir: remoteDir, name: 'mf_community', role: 'remote', exposes: {}, title: 't', devPort: 1 }, { mode });
const federationOf = (config) => config.plugins.find((plugin) => plugin?.name === 'ModuleFederationPlugin')._options;

describe('the bundler runtime from the host', () => {
  it('a production remote swaps the very file the federation plugin embeds for remoteBundlerRuntime.mjs', () => {
    const swap = remoteConfig('production').plugins.find((plugin) => plugin?.constructor?.name === 'NormalModuleReplacementPlugin');
    assert.ok(swap, 'no NormalModuleReplacementPlugin in a production remote');
    assert.match(embeddedBundlerRuntime(remoteDir), swap.resourceRegExp);
    assert.equal(path.basename(swap.newResource), 'remoteBundlerRuntime.mjs');
  });

  it('a remote in development (its harness) keeps its own runtime', () => {
    const config = remoteConfig('development');
    assert.equal(config.plugins.some((plugin) => plugin?.constructor?.name === 'NormalModuleReplacementPlugin'), false);
    assert.equal(federationOf(config).experiments.externalRuntime, false);
  });

  it('the host puts its bundler runtime on the page with a runtime plugin', () => {
    const host = createFederatedConfig({ packageDir: hostDir, name: 'host', role: 'host', title: 't', devPort: 1 }, { mode: 'production' });
    assert.ok(federationOf(host).runtimePlugins.some((file) => path.basename(file) === 'providedBundlerRuntimePlugin.mjs'));
  });
});

'use strict';

/**
 * What the host's page hands the production remotes beyond the Module Federation runtime-core
 * (which the version check covers: server/src/rollouts/federationRuntimeCheck.ts), by name. A
 * remote built to take one of these from the host throws on a host built before it, and its
 * visitors fall back to the stable release, so registration refuses such a release while the
 * host's build does not provide what it needs (server/src/rollouts/hostNeedsCheck.ts):
 * - the host's build writes what it provides in mf-host-runtime.json, `provides` (HOST_PROVIDES);
 * - a production remote's build writes what it needs beside its mf-manifest.json, in
 *   mf-host-needs.json `{ needs }` (HOST_NEEDS_FILE). A release without that file (built before
 *   it) needs nothing.
 * Name a new capability here when the remotes start to take something new from the host's page.
 */
const HOST_CAPABILITIES = Object.freeze({
  /**
   * The host's @module-federation/webpack-bundler-runtime on the page (issue 38): put there by
   * federation/providedBundlerRuntimePlugin.mjs, taken by federation/remoteBundlerRuntime.mjs.
   */
  bundlerRuntime: 'bundler-runtime',
});

/** Everything the host's build provides: every capability above. */
const HOST_PROVIDES = Object.freeze(Object.values(HOST_CAPABILITIES));

/** The file a production remote's build writes beside mf-manifest.json: `{ "needs": [...] }`. */
const HOST_NEEDS_FILE = 'mf-host-needs.json';

module.exports = { HOST_CAPABILITIES, HOST_PROVIDES, HOST_NEEDS_FILE };

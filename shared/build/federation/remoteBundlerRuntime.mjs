// What a production remote's remoteEntry.js embeds in place of @module-federation/webpack-bundler-
// runtime (createFederatedConfig.cjs swaps it in): the host's bundler runtime, put on the page by
// providedBundlerRuntimePlugin.mjs before the host loads any remote. Issue 38: the remote's own
// copy was about half of each remoteEntry.js.
//
// The object has the shape of the package's default export, which the federation entry copies
// into the remote's `__webpack_require__.federation`. Two parts stay the remote's own:
// - `runtime`, @module-federation/runtime (over the host's runtime-core, `externalRuntime`): it
//   keeps the instance its `init` creates, so the remote's must not go through the host's copy
//   (the remote's instance would become the one the host's loadRemote uses). Of it the bundler
//   runtime calls `init` (starting the container) and `getRemoteEntry` (a tree-shaken share's
//   fallback, unused here); only those are taken, which leaves the rest of that package and its
//   error texts out (-0.6 KiB a remote);
// - `initContainerEntry`: the host exposes nothing, so its build leaves that function out.
// `webpack-bundler-runtime` resolves to the copy the federation plugin embeds (an alias).
import { getRemoteEntry, init } from '@module-federation/runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_GLOBAL } from './bundlerRuntimeGlobal.mjs';

const provided = globalThis[BUNDLER_RUNTIME_GLOBAL];
if (!provided?.bundlerRuntime) {
  // The container fails to start, and the host treats the release as unavailable (its fallback).
  throw new Error(`remoteEntry.js: the host put no federation bundler runtime on the page (${BUNDLER_RUNTIME_GLOBAL}); a production remote runs only inside the site's host`);
}

export default {
  runtime: { init, getRemoteEntry },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.bundlerRuntime, initContainerEntry, S: {} },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

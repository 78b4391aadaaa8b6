// A runtime plugin of the host (createFederatedConfig.cjs): it puts the host's bundler runtime
// (@module-federation/webpack-bundler-runtime: the functions webpack's federation runtime modules
// call to consume shared modules, initialise sharing and start the runtime) on the page, for
// every production remote to use instead of carrying its own copy (remoteBundlerRuntime.mjs).
//
// The functions keep no state of their own: each is handed the calling bundle's
// `__webpack_require__` and reads that bundle's `__webpack_require__.federation` (its instance,
// options, share scope), so one copy serves every bundle of the page. The host's entry calls this
// plugin's factory once its own bundler runtime is in place, before it loads any remote.
// `__webpack_require__` here is the host's (webpack's module API).
import { BUNDLER_RUNTIME_GLOBAL } from './bundlerRuntimeGlobal.mjs';

/* global __webpack_require__ */
export default function providedBundlerRuntimePlugin() {
  const { bundlerRuntime, attachShareScopeMap } = __webpack_require__.federation;
  globalThis[BUNDLER_RUNTIME_GLOBAL] = { bundlerRuntime, attachShareScopeMap };
  return { name: 'provided-bundler-runtime-plugin' };
}

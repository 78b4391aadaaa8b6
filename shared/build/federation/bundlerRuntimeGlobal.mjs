// The page global through which the host hands its Module Federation bundler runtime to the
// remotes: providedBundlerRuntimePlugin.mjs (the host) sets it, remoteBundlerRuntime.mjs (each
// production remote) reads it.
export const BUNDLER_RUNTIME_GLOBAL = '_SPORTS_FEDERATION_BUNDLER_RUNTIME';

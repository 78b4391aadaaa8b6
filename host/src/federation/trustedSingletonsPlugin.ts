// Runs in main.js before the async boundary: type imports only.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Resolves a page singleton (react, react-dom, styled-components, jotai, @sports/shared: shared
 * with `singleton: true`, shared/build/createFederatedConfig.cjs) to the copy in the share scope
 * without the runtime's own semver check of it. That check only warns in the console (no
 * `strictVersion`), and it repeats what the control plane already refused to let through: a
 * release whose singletons' versions and the host's do not satisfy each other both ways is never
 * registered, so no visitor is assigned it (server/src/rollouts/releaseCheck.ts). Its parser
 * (regular expressions per range, per call, for every shared module of every container) cost a
 * phone about 85 ms of the main thread at Lighthouse's 4x CPU on the home page (issue 17).
 * Shares that are not singletons keep the runtime's resolver and its version matching.
 */
export function trustedSingletonsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'trusted-singletons',
    resolveShare(args) {
      if (!args.shareInfo.shareConfig?.singleton) return args;
      const registered = args.shareScopeMap[args.scope]?.[args.pkgName]?.[args.version];
      if (registered === undefined) return args;
      // No shared module of the site is tree-shaken per export (no `treeShaking` in its config).
      return { ...args, resolver: () => ({ shared: registered, useTreesShaking: false }) };
    },
  };
}

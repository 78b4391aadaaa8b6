// Runs in main.js before the async boundary: type imports only.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** `mf_live` and `./widgets` -> `mf_live/widgets`. */
export function exposeKeyOf(remoteName: string, expose: string): string {
  return `${remoteName}/${expose.replace(/^\.\//, '')}`;
}

/**
 * Skips the runtime's own preload of an exposed module's scripts (the snapshot plugin adds a
 * `<link>` or `<script>` per script when the module is first loaded) for the modules whose
 * scripts main.js already fetched beside their remote's entry: the first screen's `./widgets` or
 * `./routes` (warmScripts, inlineAssignments.ts). Asked for twice they are still downloaded once,
 * but each element cost a phone 10-20 ms of the main thread at Lighthouse's 4x CPU, inside the
 * task that loads the remote (about 85 ms on the home page; issue 17). Every other module keeps
 * the runtime's preload, which lets its scripts download beside the remote's entry.
 */
export function warmedExposesPlugin(warmed: ReadonlySet<string>): ModuleFederationRuntimePlugin {
  return {
    name: 'warmed-exposes',
    beforePreloadRemote({ preloadOps }) {
      const isWarmed = (op: (typeof preloadOps)[number]) => op.exposes !== undefined && op.exposes.length > 0 && op.exposes.every((expose) => warmed.has(exposeKeyOf(op.nameOrAlias, expose)));
      const remaining = preloadOps.filter((op) => !isWarmed(op));
      preloadOps.splice(0, preloadOps.length, ...remaining);
    },
  };
}

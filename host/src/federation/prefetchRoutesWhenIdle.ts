import type { RemoteName } from '@sports/shared';
import type { ExposedModule } from './remoteModuleLoader';
import { whenPageIdle } from './whenPageIdle';

export interface RoutesPrefetchLoader {
  load(remote: RemoteName, exposed: ExposedModule): Promise<unknown>;
  onModuleLoaded(listener: (remote: RemoteName, exposed: ExposedModule) => void): () => void;
}

/**
 * A remote whose widgets the page shows is one the visitor is likely to open next: once its
 * widgets load, its `./routes` (a few hundred bytes, its entry already here) loads once the page
 * has loaded and the browser is idle (whenPageIdle), so a click on one of its links waits only for that page's own chunk and data
 * (issue 16: a route change within 300 ms; measured with bench:site's cold clicks). Remotes the
 * page has not started are left alone: their entry would cost kilobytes. Counted in the first
 * visit's bytes (e2e/bench/budgets.json: each such remote's `expose:./routes`). Answers the uninstall.
 */
export function prefetchRoutesWhenIdle(loader: RoutesPrefetchLoader, schedule: (task: () => void) => void = (task) => whenPageIdle(task)): () => void {
  return loader.onModuleLoaded((remote, exposed) => {
    if (exposed !== 'widgets') return;
    schedule(() => {
      // A failure is the loader's to report when a click asks again.
      loader.load(remote, 'routes').catch(() => undefined);
    });
  });
}

import type { RemoteAssignment, RemoteName } from '@sports/shared';
import { remotesOfRoute, routePathOf } from './inlineAssignments';

/**
 * Loads a remote's page when the visitor shows they are about to open it: the pointer over a
 * link to a remote's route, the link focused or touched. `load(remote, path)` fetches the remote's
 * `./routes` and that route's page chunk, so a click finds both loaded (route changes within
 * 300 ms, issue 16). Host routes and the pages already asked for are skipped; `load` errors are
 * the loader's to report (as on a click). Answers the uninstall.
 */
export function prefetchOnIntent(doc: Document, assignments: () => readonly RemoteAssignment[] | null, load: (remote: RemoteName, path: string) => Promise<unknown>): () => void {
  const asked = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
    const remotes = assignments();
    if (!link || !remotes) return;
    const hash = link.getAttribute('href') ?? '';
    if (hash === '#/' || hash.startsWith('#/main')) return;
    const path = routePathOf(hash);
    for (const remote of remotesOfRoute(remotes, hash)) {
      const key = `${remote.name}/${path}`;
      if (asked.has(key)) continue;
      asked.add(key);
      load(remote.name, path).catch(() => asked.delete(key));
    }
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) doc.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of events) doc.removeEventListener(type, onIntent, { capture: true });
  };
}

import type { RemoteAssignment, RemoteName } from '@sports/shared';
import { remotesOfRoute } from './inlineAssignments';

/**
 * Loads a remote's pages when the visitor shows they are about to open one: the pointer over a
 * link to a remote's route, the link focused or touched. A click then finds the remote's
 * `./routes` already loaded (route changes within 300 ms, issue 16). Host routes and the remotes
 * already asked for are skipped; `load` errors are the loader's to report (as on a click).
 * Answers the uninstall.
 */
export function prefetchOnIntent(doc: Document, assignments: () => readonly RemoteAssignment[] | null, load: (remote: RemoteName) => Promise<unknown>): () => void {
  const asked = new Set<RemoteName>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
    const remotes = assignments();
    if (!link || !remotes) return;
    const hash = link.getAttribute('href') ?? '';
    if (hash === '#/' || hash.startsWith('#/main')) return;
    for (const remote of remotesOfRoute(remotes, hash)) {
      if (asked.has(remote.name)) continue;
      asked.add(remote.name);
      load(remote.name).catch(() => asked.delete(remote.name));
    }
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) doc.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of events) doc.removeEventListener(type, onIntent, { capture: true });
  };
}

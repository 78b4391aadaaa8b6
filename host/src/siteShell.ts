// Runs in main.js before the async boundary: no value import of a shared module here
// (TOOLCHAIN.md pitfall 2).
import { isNarrowScreen } from './narrowScreen';

/** The two shells of the one host build: the desktop site at /web/, the mobile site at /h5/. */
export type SiteShell = 'desktop' | 'mobile';

export const SHELL_PATHS: Readonly<Record<SiteShell, string>> = { desktop: '/web/', mobile: '/h5/' };

/** The shell a page path belongs to: /h5 and below is the mobile site, anything else the desktop one. */
export function shellOfPath(pathname: string): SiteShell {
  return pathname === '/h5' || pathname.startsWith('/h5/') ? 'mobile' : 'desktop';
}

/** The shell a body of this width belongs on (SPEC.md section 2: 500 px or less is a phone); null before layout (0). */
export function shellForWidth(width: number): SiteShell | null {
  if (width <= 0) return null;
  return isNarrowScreen(width) ? 'mobile' : 'desktop';
}

/** A hash route the shells share (`#/live?id=3`); anything else (empty, `#top`) opens the shell's home. */
const HASH_ROUTE = /^#\/[^\s]*$/;

/** The address of `hash` on `shell`: `/h5/#/live?id=3`, `/web/#/live?id=3`; the shell's root for no route. */
export function shellUrl(shell: SiteShell, hash: string): string {
  return SHELL_PATHS[shell] + (HASH_ROUTE.test(hash) ? hash : '');
}

/**
 * Where a page on `shell` at `hash` must go for a body `width` px wide: the other shell at the
 * same hash route (a room, a match, a post lands on its page there), or null to stay.
 */
export function shellRedirectFor(shell: SiteShell, width: number, hash: string): string | null {
  const wanted = shellForWidth(width);
  return wanted === null || wanted === shell ? null : shellUrl(wanted, hash);
}

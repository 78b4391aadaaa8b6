import { useSyncExternalStore } from 'react';

/**
 * The site's addresses keep the route and its query in the hash (DESIGN.md: `/web/#/live?id=3`).
 * wouter's own hash hook puts the query in `location.search` (`/web/?id=3#/live`), so the router
 * (`app/SiteRouter.tsx`, wouter: README.md says why) is given this hook instead: the path is the
 * hash up to its `?`, the query what follows it. Navigation is a hash assignment, as the remotes'
 * `navigate` does (`app/createHostServices.ts` uses `navigateInSite` too), so every change of
 * address is one `hashchange`, which back and forward fire as well.
 */

interface HashAddress {
  /** "/live" (always a leading slash; "/" for an empty hash). */
  path: string;
  /** "id=3" (no "?"; "" when none). */
  search: string;
}

export function hashAddressOf(hash: string): HashAddress {
  const rest = hash.replace(/^#\/?/, '');
  const mark = rest.indexOf('?');
  return { path: `/${mark < 0 ? rest : rest.slice(0, mark)}`, search: mark < 0 ? '' : rest.slice(mark + 1) };
}

export interface NavigateInSiteOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

// Each history entry of this page carries its depth in the site (0: the entry the visitor arrived
// on), as react-router's history index did: the mobile header's back button goes back only
// while there is a page of the site to go back to, and opens the home page instead of leaving it.
const DEPTH_KEY = 'siteDepth';
let currentDepth = 0;
let replacingAtDepth: number | null = null;

/**
 * Goes to `to` ("/live?id=3") inside the page: one history entry (none with `replace`). The
 * router hears it at once, as the page's own `hashchange` comes a task later (and changes nothing
 * then): a tab pressed is selected in the same frame, and the entry's depth is known before the
 * next press.
 */
export function navigateInSite(to: string, options?: NavigateInSiteOptions): void {
  const hash = `#/${to.replace(/^#?\/?/, '')}`;
  if (hash === window.location.hash) return;
  if (options?.replace) {
    // The entry that replaces this one keeps its depth.
    replacingAtDepth = currentDepth;
    window.location.replace(hash);
  } else {
    window.location.hash = hash;
  }
  notify();
}

/** This entry's history state as an object (the browser's, or another script's, may be anything). */
function entryState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

function depthOfEntry(): number | undefined {
  const depth = entryState()[DEPTH_KEY];
  return typeof depth === 'number' ? depth : undefined;
}

function markEntry(depth: number): void {
  currentDepth = depth;
  window.history.replaceState({ ...entryState(), [DEPTH_KEY]: depth }, '');
}

/** A new entry (a link, `navigateInSite`) has no depth yet: one more than the page it came from. Back and forward find theirs. */
function onAddressChange(): void {
  const known = depthOfEntry();
  if (known !== undefined) currentDepth = known;
  else markEntry(replacingAtDepth ?? currentDepth + 1);
  replacingAtDepth = null;
}

let listeners: Array<() => void> = [];
const notify = () => {
  onAddressChange();
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  if (listeners.length === 0) {
    const known = depthOfEntry();
    if (known === undefined) markEntry(0);
    else currentDepth = known;
    window.addEventListener('hashchange', notify);
  }
  listeners.push(listener);
  return () => {
    listeners = listeners.filter((each) => each !== listener);
    if (listeners.length === 0) window.removeEventListener('hashchange', notify);
  };
}

const currentPath = () => hashAddressOf(window.location.hash).path;
const currentSearch = () => hashAddressOf(window.location.hash).search;

/** Whether back stays in the site: this entry is not the one the visitor arrived on. */
export function canGoBackInSite(): boolean {
  return currentDepth > 0;
}

/**
 * wouter's location hook for the site's hash (`<Router hook={useSiteHashLocation}>`): the path,
 * and navigate. Its `searchHook` gives the hash's query to `useSearch`/`useSearchParams`, its
 * `hrefs` makes a `<Link href="/main">` an `<a href="#/main">`.
 */
export function useSiteHashLocation(): [string, (to: string, options?: NavigateInSiteOptions) => void] {
  return [useSyncExternalStore(subscribe, currentPath), navigateInSite];
}
useSiteHashLocation.searchHook = function useSiteHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch);
};
useSiteHashLocation.hrefs = (href: string) => `#${href}`;

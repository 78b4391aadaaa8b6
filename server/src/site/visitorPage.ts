import type { RemoteAssignment } from '@sports/shared/server';
import { beforeHeadEnd } from './htmlHead';

/**
 * The id of the page's `<script type="application/json">` carrying the visitor's assignments
 * (read by host/src/federation/inlineAssignments.ts). A JSON script never runs, so the site's
 * Content-Security-Policy (own script files only) is untouched.
 */
export const ASSIGNMENTS_ELEMENT_ID = 'mf-assignments';

/** JSON safe inside a <script> element: no `</script>`, `<!--`, nor line separators can end or bend it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The host page for one visitor: their assignments (what `GET /api/mf/remotes` would answer
 * them) inlined, so the host's first render knows the remotes at once, and a preload of each
 * assigned release's mf-manifest.json (a few hundred bytes each; `crossorigin` so the Module
 * Federation runtime's fetch finds it). The host then preloads the entries of the route shown
 * (it alone knows the hash route). Inserted before `</head>`; in a page without one, at the end
 * (the host's deferred script reads it once the page is parsed).
 */
export function withVisitorAssignments(html: string, remotes: readonly RemoteAssignment[]): string {
  const lines = [
    `<script type="application/json" id="${ASSIGNMENTS_ELEMENT_ID}">${scriptSafeJson({ remotes })}</script>`,
    ...remotes.map((remote) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(remote.manifestUrl)}">`),
  ];
  return beforeHeadEnd(html, lines.join(''));
}

import type { RemoteAssignment } from '@sports/shared/server';
import { beforeHeadEnd } from './htmlHead';
import type { ServedRelease } from './servedReleaseManifests';

/**
 * The id of the page's `<script type="application/json">` carrying the visitor's assignments
 * (read by host/src/federation/inlineAssignments.ts). A JSON script never runs, so the site's
 * Content-Security-Policy (own script files only) is untouched.
 */
export const ASSIGNMENTS_ELEMENT_ID = 'mf-assignments';

/**
 * The id of the page's JSON script carrying the assigned releases' mf-manifest.json and their
 * routes' and widgets' scripts, by manifest address: `{[manifestUrl]: {manifest, scripts}}` (read
 * by host/src/federation/inlineManifests.ts).
 */
export const MANIFESTS_ELEMENT_ID = 'mf-manifests';

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
 * them) inlined, so the host's first render knows the remotes at once, and each assigned
 * release's mf-manifest.json: inlined when the server has it (`manifests`, by manifest address:
 * about 5 KB each, a few hundred bytes compressed beside the others; with the scripts of its
 * routes and widgets, which main.js preloads for the route shown), else preloaded
 * (`crossorigin` so the Module Federation runtime's fetch finds it). Inlined, a phone's first
 * connections carry the scripts instead of four manifests (issue 17: the page's six connections
 * were all taken by them and the web app manifest while main.js waited). The host then preloads
 * the entries of the route shown (it alone knows the hash route). Inserted before `</head>`; in a
 * page without one, at the end (the host's deferred script reads it once the page is parsed).
 */
export function withVisitorAssignments(html: string, remotes: readonly RemoteAssignment[], manifests: ReadonlyMap<string, ServedRelease> = new Map()): string {
  const inline = Object.fromEntries(remotes.filter((remote) => manifests.has(remote.manifestUrl)).map((remote) => [remote.manifestUrl, manifests.get(remote.manifestUrl)]));
  const lines = [
    `<script type="application/json" id="${ASSIGNMENTS_ELEMENT_ID}">${scriptSafeJson({ remotes })}</script>`,
    ...(Object.keys(inline).length > 0 ? [`<script type="application/json" id="${MANIFESTS_ELEMENT_ID}">${scriptSafeJson(inline)}</script>`] : []),
    ...remotes
      .filter((remote) => !(remote.manifestUrl in inline))
      .map((remote) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(remote.manifestUrl)}">`),
  ];
  return beforeHeadEnd(html, lines.join(''));
}

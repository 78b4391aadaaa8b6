/**
 * The Content-Security-Policy of each kind of answer, built in one place. What the site needs,
 * and why each source is there:
 * - scripts: only our own files (the host under /web/, remote releases under /web/releases/);
 *   no inline script, no eval (nothing in the page needs it: webpack, Module Federation's
 *   runtime, mpegts.js, hls.js and ALTCHA run without it; e2e/tests/csp.spec.ts checks every route);
 * - styles: 'unsafe-inline', because styled-components and the ALTCHA widget insert <style>
 *   elements at run time. A nonce would need a fresh one per page and plumbing through the MF
 *   runtime; injected CSS cannot run script, which is what the policy is for;
 * - workers: blob: (hls.js and ALTCHA build their workers from blobs);
 * - media: blob: (mpegts.js and hls.js play through MediaSource object URLs), 'self' (native HLS);
 * - images: 'self' (avatars, /uploads/), data: (the favicon), https: (room covers on other hosts);
 * - connect: 'self' (API, HTTP-FLV, HLS, the /ws/ sockets: CSP 3 'self' covers ws:/wss: of this
 *   host), plus what a domain adds (the chat: Tencent Cloud IM's hosts with IM_PROVIDER=tencent);
 * - never framed by anyone (clickjacking), no plugins, no <base> elsewhere, forms post here.
 */
export interface SitePolicyOptions {
  /** Other hosts the page may connect to (chat/connectSources.ts). */
  connectSources: readonly string[];
}

export function sitePolicy(options: SitePolicyOptions): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...options.connectSources],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** JSON and anything else that is not a page: if a browser ever renders one, nothing in it runs or loads. */
export const NOTHING_POLICY = serialize({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/**
 * The mobile site's service worker (/h5/sw.js): a worker runs under its own script's policy. It
 * loads nothing and runs no other script; it only fetches this site's pages and scripts into its
 * cache.
 */
export const SERVICE_WORKER_POLICY = serialize({ 'default-src': ["'none'"], 'connect-src': ["'self'"] });

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length === 0 ? `${name} 'none'` : `${name} ${sources.join(' ')}`))
    .join('; ');
}

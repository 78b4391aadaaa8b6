/*
 * The mobile site's service worker, served at /h5/sw.js (scope /h5/) by
 * server/src/site/mobileShell/shellServiceWorker.ts, which puts before this file:
 *   const SHELL = { version: '<hash of the host build>', page: '/h5/', scripts: ['/web/main.js', '/web/<chunk>.<hash>.js', …] };
 * Hand-written (no Workbox): three rules and one versioned cache, see host/src/mobile/README.md.
 *
 * - install: the shell (the /h5/ page and every script of the host build) goes into the cache
 *   `h5-shell-<version>`; a new host build is a new version, so a new worker and a new cache;
 * - activate: the caches of other versions are deleted, open pages are taken over;
 * - fetch: the /h5/ page network first (fresh assignments and scripts online; the cached copy
 *   offline), main.js network first (unhashed), hashed host scripts cache first (they never
 *   change). Nothing else is touched: /api/, the sockets, /live/ media, remote releases and their
 *   mf-manifest.json always go to the network, so live data is never stale.
 */
/* global SHELL */
const CACHE_PREFIX = 'h5-shell-';
const CACHE_NAME = CACHE_PREFIX + SHELL.version;
const SHELL_SCRIPTS = new Set(SHELL.scripts);
const HASHED_SCRIPT = /[.-][0-9a-f]{8,}\.js$/i;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.addAll([SHELL.page, ...SHELL.scripts].map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Online: the network's answer, kept for offline. Offline (or an error answer): the cached copy, if any. */
function networkFirst(request, cacheKey) {
  return fetch(request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        void caches.open(CACHE_NAME).then((cache) => cache.put(cacheKey, copy));
        return response;
      }
      return caches.match(cacheKey, { ignoreVary: true }).then((cached) => cached || response);
    })
    .catch(() => caches.match(cacheKey, { ignoreVary: true }).then((cached) => cached || Response.error()));
}

/** Hashed files never change under their name: the cached copy, else the network. */
function cacheFirst(request, cacheKey) {
  return caches.match(cacheKey, { ignoreVary: true }).then((cached) => cached || fetch(request));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === SHELL.page) {
    event.respondWith(networkFirst(request, SHELL.page));
    return;
  }
  if (!SHELL_SCRIPTS.has(url.pathname)) return;
  event.respondWith(HASHED_SCRIPT.test(url.pathname) ? cacheFirst(request, url.pathname) : networkFirst(request, url.pathname));
});

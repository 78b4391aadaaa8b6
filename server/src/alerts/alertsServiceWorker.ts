import type { App } from '../infra/http/types';
import { NO_CACHE } from '../infra/http/cachePolicy';
import { SERVICE_WORKER_POLICY } from '../infra/http/contentSecurityPolicy';

/** The alerts' service worker: at the site root so its scope `/` covers /web/ and /h5/ (alerts/README.md, "Web Push"). */
export const ALERTS_WORKER_PATH = '/alerts-sw.js';

/**
 * Browser code (plain JavaScript, sent as it is). A push (pushPayload in webPushSender.ts) shows
 * a system notification unless a window of the site is visible (that page shows the popup; the
 * page's own chat connection brought it). The tag is the alert's: the page's in-tab notification
 * of the same alert is replaced, not doubled. A click focuses a window of the site (or opens
 * /web/) on the alert's page.
 */
export const ALERTS_WORKER_SOURCE = `'use strict';
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener('push', function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {}; }
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
    if (windows.some(function (client) { return client.visibilityState === 'visible'; })) return undefined;
    return self.registration.showNotification(data.title || '体育直播', { body: data.body || '', tag: 'alert-' + (data.id || ''), data: { link: data.link || '' } });
  }));
});
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var link = (event.notification.data && event.notification.data.link) || '';
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
    var open = windows.find(function (client) { return /\\/(web|h5)\\//.test(new URL(client.url).pathname); });
    if (open) {
      var shell = new URL(open.url).pathname.indexOf('/h5/') === 0 ? '/h5/' : '/web/';
      return open.focus().then(function (client) { return client.navigate ? client.navigate(shell + link) : client; });
    }
    return self.clients.openWindow('/web/' + link);
  }));
});
`;

/** Serves the worker: never cached (a new one takes over at once), allowed the root scope. */
export async function alertsWorkerRoute(app: App): Promise<void> {
  app.get(ALERTS_WORKER_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', NO_CACHE).header('Service-Worker-Allowed', '/').header('Content-Security-Policy', SERVICE_WORKER_POLICY).type('text/javascript; charset=utf-8').send(ALERTS_WORKER_SOURCE),
  );
}

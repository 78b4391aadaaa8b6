/**
 * The browser's side of notifications (server/src/alerts/README.md, "Web Push"): what it can do,
 * the permission (asked from a button on the settings page, never on load), and a Web Push
 * subscription through the site's alerts worker (`/alerts-sw.js`, scope `/`, served by the server).
 */
export const ALERTS_WORKER_URL = '/alerts-sw.js';
export const ALERTS_WORKER_SCOPE = '/';

export type BrowserNotifySupport = { notifications: boolean; push: boolean };

/** What this browser offers: the Notification API; service workers with PushManager (Web Push). */
export function browserNotifySupport(env: typeof globalThis = globalThis): BrowserNotifySupport {
  const notifications = typeof env.Notification !== 'undefined';
  const push = notifications && typeof env.navigator !== 'undefined' && 'serviceWorker' in env.navigator && typeof (env as { PushManager?: unknown }).PushManager !== 'undefined';
  return { notifications, push };
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The VAPID public key (base64url) as PushManager wants it. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Registers the alerts worker and subscribes this browser; answers the subscription to send to the server. */
export async function subscribeWebPush(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const registration = await navigator.serviceWorker.register(ALERTS_WORKER_URL, { scope: ALERTS_WORKER_SCOPE });
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }));
  return subscription.toJSON();
}

import type { FanAlert } from '@sports/shared';

const SHOWN_KEY = 'fan-alerts-notified';

/**
 * A fan alert as a system notification (the Notification API, issue 39 part 2) while a tab of the
 * site is open but not looked at (a visible page shows its popup instead), with the permission
 * granted from the settings page. Only one tab shows it: the first to note its id in localStorage
 * (tabs share it); the notification's tag is the alert's, so a Web Push of the same alert
 * replaces it rather than adding a second. Clicking it focuses the tab and opens the alert's page.
 */
export function notifyInBrowser(alert: FanAlert, env: { document: Document; storage: Storage | null; Notification: typeof Notification | undefined } = defaultEnv()): boolean {
  const Api = env.Notification;
  if (Api === undefined || Api.permission !== 'granted' || env.document.visibilityState === 'visible') return false;
  if (!claim(alert.id, env.storage)) return false;
  const notification = new Api(alert.title, { body: alert.body, tag: `alert-${alert.id}`, data: { link: alert.link } });
  notification.onclick = () => {
    window.focus();
    window.location.hash = alert.link.replace(/^#/, '');
    notification.close();
  };
  return true;
}

/** Whether this tab is the first to show the alert (the last 50 ids are kept). */
function claim(id: number, storage: Storage | null): boolean {
  if (storage === null) return true;
  try {
    const shown = JSON.parse(storage.getItem(SHOWN_KEY) ?? '[]') as number[];
    if (shown.includes(id)) return false;
    storage.setItem(SHOWN_KEY, JSON.stringify([...shown.slice(-49), id]));
    return true;
  } catch {
    return true;
  }
}

function defaultEnv() {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return { document, storage, Notification: typeof Notification === 'undefined' ? undefined : Notification };
}

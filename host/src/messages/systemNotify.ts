import type { ApiClient, MessageUnreadCount, NotifySettingsAnswer } from '@sports/shared';
import { messagesCopy } from './messagesCopy';
import { NOTIFY_PATHS } from './notifyApi';

/** How long the 系统通知 switch read from the server is trusted. */
const SETTINGS_FRESH_MS = 60_000;

/**
 * 系统通知 as a system notification (通知设置's 系统通知 switch, issue 39 part 2): when a pushed
 * notice raises the unread count of 系统通知 while this tab is in the background, with the
 * browser's permission granted and the switch on (read from `api/Notify/settings` only then, kept
 * a minute). The tag is the same for all, so several tabs or several messages make one.
 */
export function createSystemNotifier(api: ApiClient, env: { document: Document; Notification: typeof Notification | undefined } = defaultEnv()) {
  let switchOn: { value: boolean; at: number } | null = null;
  const systemSwitch = async (): Promise<boolean> => {
    if (switchOn !== null && Date.now() - switchOn.at < SETTINGS_FRESH_MS) return switchOn.value;
    const answer = await api.envelope<NotifySettingsAnswer>({ method: 'GET', url: NOTIFY_PATHS.settings });
    const value = answer.code === 200 && answer.data.settings.system;
    switchOn = { value, at: Date.now() };
    return value;
  };
  return async (previous: MessageUnreadCount | null, next: MessageUnreadCount): Promise<boolean> => {
    const Api = env.Notification;
    if (previous === null || next.system <= previous.system) return false;
    if (Api === undefined || Api.permission !== 'granted' || env.document.visibilityState === 'visible') return false;
    if (!(await systemSwitch().catch(() => false))) return false;
    new Api(messagesCopy.title, { body: messagesCopy.newSystemMessage, tag: 'system-messages', data: { link: '#/messages' } });
    return true;
  };
}

function defaultEnv() {
  return { document, Notification: typeof Notification === 'undefined' ? undefined : Notification };
}

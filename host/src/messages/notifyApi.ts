import type { ApiClient, NotifySettings, NotifySettingsAnswer, NotifySettingsUpdate } from '@sports/shared';

/** `api/Notify/*` (server/src/alerts/README.md). */
export const NOTIFY_PATHS = {
  settings: 'api/Notify/settings',
  subscribe: 'api/Notify/subscribe',
  unsubscribe: 'api/Notify/unsubscribe',
} as const;

export function fetchNotifySettings(api: ApiClient): Promise<NotifySettingsAnswer> {
  return api.get<NotifySettingsAnswer>(NOTIFY_PATHS.settings);
}

export function saveNotifySettings(api: ApiClient, update: NotifySettingsUpdate): Promise<NotifySettingsAnswer> {
  return api.post<NotifySettingsAnswer>(NOTIFY_PATHS.settings, update);
}

export function sendPushSubscription(api: ApiClient, subscription: PushSubscriptionJSON): Promise<{ push_subscriptions: number }> {
  return api.post<{ push_subscriptions: number }>(NOTIFY_PATHS.subscribe, subscription);
}

export type { NotifySettings };

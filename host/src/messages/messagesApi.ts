import type { ApiClient, MessageList, MessageTab, MessageUnreadCount } from '@sports/shared';

/** The message centre's API (server/src/messages/README.md). */
export const MESSAGE_PATHS = {
  list: 'api/Message/list',
  unreadCount: 'api/Message/unreadCount',
  read: 'api/Message/read',
  readAll: 'api/Message/readAll',
} as const;

export function fetchMessages(api: ApiClient, tab: MessageTab, cursor?: string): Promise<MessageList> {
  return api.get<MessageList>(MESSAGE_PATHS.list, cursor === undefined ? { tab } : { tab, cursor });
}

export function fetchUnreadCount(api: ApiClient): Promise<MessageUnreadCount> {
  return api.get<MessageUnreadCount>(MESSAGE_PATHS.unreadCount);
}

export function markRead(api: ApiClient, id: number): Promise<MessageUnreadCount> {
  return api.post<MessageUnreadCount>(MESSAGE_PATHS.read, { id });
}

export function markAllRead(api: ApiClient, tab?: MessageTab): Promise<MessageUnreadCount> {
  return api.post<MessageUnreadCount>(MESSAGE_PATHS.readAll, tab === undefined ? {} : { tab });
}

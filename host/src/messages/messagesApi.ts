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

/**
 * The badge's count, read in the background (load, focus, a push): its answer is taken as it is,
 * with none of SPEC.md section 8 applied (an ended session is not this read's to announce: the
 * page's own calls do that). Rejects unless the envelope says 200.
 */
export async function fetchUnreadCount(api: ApiClient): Promise<MessageUnreadCount> {
  const answer = await api.envelope<MessageUnreadCount>({ method: 'GET', url: MESSAGE_PATHS.unreadCount });
  if (answer.code !== 200) throw new Error(`unreadCount answered ${answer.code}`);
  return answer.data;
}

export function markRead(api: ApiClient, id: number): Promise<MessageUnreadCount> {
  return api.post<MessageUnreadCount>(MESSAGE_PATHS.read, { id });
}

export function markAllRead(api: ApiClient, tab?: MessageTab): Promise<MessageUnreadCount> {
  return api.post<MessageUnreadCount>(MESSAGE_PATHS.readAll, tab === undefined ? {} : { tab });
}

import type { ChatGroupMessage } from '@sports/shared/server';

export interface RecentChatLine {
  groupId: string;
  memberId: number;
  text: string;
  sentAt: number;
}

/** Lines kept for reports: enough for a busy hour on one node. */
export const RECENT_CHAT_LINES_MAX = 20_000;

/**
 * Members' chat lines and danmaku delivered lately (every node's: each node sees the bus), so a
 * member's report of a line (moderation kind 'chat', target id = the message id) can name its
 * author and room. Only in memory: a line older than the last RECENT_CHAT_LINES_MAX, or from
 * before a restart, can no longer be reported. Guests' and system lines are not kept.
 */
export class ChatRecentLines {
  private readonly lines = new Map<string, RecentChatLine>();

  constructor(private readonly max = RECENT_CHAT_LINES_MAX) {}

  record(message: ChatGroupMessage): void {
    if (message.from.role === 'system' || !/^[1-9][0-9]{0,15}$/.test(message.from.userId)) return;
    this.lines.set(message.id, { groupId: message.groupId, memberId: Number(message.from.userId), text: message.text, sentAt: message.sentAt });
    if (this.lines.size > this.max) {
      const oldest = this.lines.keys().next();
      if (!oldest.done) this.lines.delete(oldest.value);
    }
  }

  get(id: string): RecentChatLine | undefined {
    return this.lines.get(id);
  }

  get size(): number {
    return this.lines.size;
  }
}

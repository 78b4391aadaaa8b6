import type { ChatGroupMessage, ChatHorn, ChatSystemNotice } from '@sports/shared/server';
import type { ChatMedalChange } from './chatMedals';

/** A group message before the bus numbers it. */
export type ChatMessageDraft = Omit<ChatGroupMessage, 'seq'>;

/** A room event as it travels between nodes (dates as ISO strings). */
export type ChatRoomEvent =
  | { kind: 'muted'; roomId: number; ownerId: number; userId: number; until: string | null }
  | { kind: 'unmuted'; roomId: number; ownerId: number; userId: number }
  | { kind: 'adminsChanged'; roomId: number; ownerId: number; adminIds: number[] }
  | { kind: 'roomChanged'; roomId: number; ownerId: number; isOpen: boolean; title: string; placard: string }
  /** A guard bought (chatGuards.ts): the member's badge in the room. */
  | { kind: 'guardChanged'; roomId: number; ownerId: number; userId: number; level: 1 | 2 | 3; name: string; expiresAt: string }
  /** A worn medal or a medal's name changed (chatMedals.ts): every node's medal cache follows; in no one room. */
  | { kind: 'medalChanged'; change: ChatMedalChange };

/** What a node does with what the bus delivers (its own publications included, in bus order). */
export interface ChatBusSink {
  /** `keep`: part of the group's history (system entry notes are not). */
  message(message: ChatGroupMessage, keep: boolean): void;
  notice(userId: string, notice: ChatSystemNotice): void;
  /** A horn for every logged-in connection of every node (api/Member/sneHorn). */
  horn(horn: ChatHorn): void;
  /** Another node's member counts per group (replaces its previous report). */
  presence(nodeId: string, counts: Record<string, number>): void;
  /** Another node saw a room event (this node's own are handled where they happen). */
  roomEvent(event: ChatRoomEvent): void;
}

/**
 * How chat traffic reaches every node. In process (no REDIS_URL) it is a direct call; over Redis
 * (chatRedisBus.ts) a message is numbered and published in one step, so every node — the
 * publishing one too — delivers a group's messages in the same order with the same seqs.
 */
export interface ChatBus {
  readonly nodeId: string;
  start(sink: ChatBusSink): Promise<void>;
  /** Numbers the message in its group and delivers it everywhere; resolves with the numbered message. */
  publishMessage(draft: ChatMessageDraft, keep: boolean): Promise<ChatGroupMessage>;
  publishNotice(userId: string, notice: ChatSystemNotice): void;
  /** Delivered by every node, the publishing one too. */
  publishHorn(horn: ChatHorn): void;
  publishPresence(counts: Record<string, number>): void;
  publishRoomEvent(event: ChatRoomEvent): void;
  /** The group's kept history held by the bus (oldest first), or null when the bus keeps none. */
  history(groupId: string, limit: number): Promise<ChatGroupMessage[] | null>;
  close(): Promise<void>;
}

/** One node: numbers per group in memory, delivers synchronously. */
export class InProcessChatBus implements ChatBus {
  readonly nodeId = 'local';
  private readonly seqs = new Map<string, number>();
  private sink: ChatBusSink | null = null;

  async start(sink: ChatBusSink): Promise<void> {
    this.sink = sink;
  }

  async publishMessage(draft: ChatMessageDraft, keep: boolean): Promise<ChatGroupMessage> {
    const seq = (this.seqs.get(draft.groupId) ?? 0) + 1;
    this.seqs.set(draft.groupId, seq);
    const message = { ...draft, seq };
    this.sink?.message(message, keep);
    return message;
  }

  publishNotice(userId: string, notice: ChatSystemNotice): void {
    this.sink?.notice(userId, notice);
  }

  publishHorn(horn: ChatHorn): void {
    this.sink?.horn(horn);
  }

  publishPresence(): void {}

  publishRoomEvent(): void {}

  async history(): Promise<null> {
    return null;
  }

  async close(): Promise<void> {
    this.sink = null;
  }
}

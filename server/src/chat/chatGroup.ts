import type { ChatGroupMessage } from '@sports/shared/server';
import type { ChatConnection } from './chatConnection';
import { encodeChatFrame } from './chatFrames';

/**
 * One group on this node: who is in it (by identity, each with its connections), the newest kept
 * messages for joiners, and the broadcast path. Each message is encoded once into a complete
 * WebSocket frame; frames that arrive soon after the last write are joined and written together,
 * one write a member per flush, so the cost per member does not grow with the message rate.
 * "Soon" is as long as the last flush took, at most `maxFlushIntervalMs`: a group of 5,000 waits
 * up to 50 ms between writes, a group of 50 well under a millisecond, so small rooms are not
 * delayed and no group spends more than about half its time writing (at 0, every turn flushes).
 */
export class ChatGroup {
  readonly members = new Map<string, Set<ChatConnection>>();
  private history: ChatGroupMessage[] = [];
  private historyLoaded: Promise<void> | null = null;
  private pending: Buffer[] = [];
  private scheduled = false;
  /** When the last flush ended, and how long its writes took (performance.now() ms). */
  private lastFlushEnd = 0;
  private lastFlushCost = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly id: string,
    private readonly historyLimit: number,
    private readonly maxFlushIntervalMs: number,
  ) {}

  /** Distinct identities in the group on this node. */
  get memberCount(): number {
    return this.members.size;
  }

  /** Returns true when the identity was not in the group before (on this node). */
  add(userId: string, connection: ChatConnection): boolean {
    const connections = this.members.get(userId);
    if (connections !== undefined) {
      connections.add(connection);
      return false;
    }
    this.members.set(userId, new Set([connection]));
    return true;
  }

  remove(userId: string, connection: ChatConnection): void {
    const connections = this.members.get(userId);
    if (connections === undefined) return;
    connections.delete(connection);
    if (connections.size === 0) this.members.delete(userId);
  }

  /** Loads the bus's history once (a node that starts later still serves it). */
  loadHistory(load: () => Promise<ChatGroupMessage[] | null>): Promise<void> {
    this.historyLoaded ??= load().then(
      (messages) => {
        if (messages !== null) this.mergeHistory(messages);
      },
      () => undefined,
    );
    return this.historyLoaded;
  }

  recentMessages(): ChatGroupMessage[] {
    return this.history;
  }

  deliver(message: ChatGroupMessage, keep: boolean): void {
    if (keep) this.mergeHistory([message]);
    if (this.members.size === 0) return;
    this.pending.push(encodeChatFrame({ type: 'message', message }));
    this.schedule();
  }

  /** Sends what is pending now. */
  flush(): void {
    this.scheduled = false;
    this.timer = null;
    const frames = this.pending;
    if (frames.length === 0) return;
    this.pending = [];
    const started = performance.now();
    const buffer = frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames);
    for (const connections of this.members.values()) for (const connection of connections) connection.write(buffer);
    this.lastFlushEnd = performance.now();
    this.lastFlushCost = this.lastFlushEnd - started;
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.flushAt(this.lastFlushEnd + Math.min(this.maxFlushIntervalMs, this.lastFlushCost));
  }

  /**
   * Flushes at `at` (performance.now() ms), never before: a timer rounds its delay to whole
   * milliseconds and counts from the event loop's cached time, so it can fire a little early;
   * then it waits out the rest.
   */
  private flushAt(at: number): void {
    const wait = at - performance.now();
    if (wait <= 0) setImmediate(() => this.flush());
    else this.timer = setTimeout(() => this.flushAt(at), Math.ceil(wait));
  }

  private mergeHistory(messages: ChatGroupMessage[]): void {
    const last = this.history.at(-1);
    const only = messages.length === 1 ? messages[0] : undefined;
    // The usual case: the next message in order.
    if (only !== undefined && (last === undefined || only.seq > last.seq)) {
      this.history.push(only);
      if (this.history.length > this.historyLimit) this.history.shift();
      return;
    }
    const byId = new Map(this.history.map((message) => [message.id, message]));
    for (const message of messages) byId.set(message.id, message);
    this.history = [...byId.values()].sort((a, b) => a.seq - b.seq).slice(-this.historyLimit);
  }
}

import { isDeltaStream } from '@sports/shared/server';
import type { LiveClient } from './liveClient';
import type { LiveMessage } from './liveMessage';
import { type ClientFilter, accepts } from './liveState';

/** What the deltas waiting for their window may add up to before they go in the next turn. */
export const DEFAULT_MAX_HELD_BYTES = 64 * 1024;

interface Group {
  filter: ClientFilter;
  clients: Set<LiveClient>;
}

/**
 * Writes broadcasts to subscribers. Messages published in the same turn of the event loop go
 * out together: per group of clients with the same filter, the accepted frames are joined once
 * into one buffer, and that buffer is written to each client of the group (one write, one
 * syscall a client a turn, however many messages). Nothing is serialized per client.
 *
 * The match centre's deltas (a delta stream) are coalesced on a leading edge, only when that
 * costs next to no latency: a delta goes out in its turn like any message, unless deltas were
 * written less than `deltaWindowMs` ago (counted from the start of that write); then it waits
 * until the window ends and goes out with every delta (and anything else) published meanwhile, in
 * one write a socket (the kernel's write per socket is most of the cost of a delivered message).
 * So a lone delta is never held, deltas of one turn share a write, and a group's deltas are
 * written at most once a window, each held at most the window. Deltas published while a long
 * write runs (thousands of watchers) find the window over when it ends and go together in the
 * next turn: under load they coalesce without a timer. A score frame is never held: its turn's
 * flush takes the waiting deltas with it. Order within a stream is kept (one pending list, sent in
 * order).
 */
export class Fanout {
  private readonly groups = new Map<string, Group>();
  private readonly syncing = new Set<LiveClient>();
  private pending: LiveMessage[] = [];
  private scheduled = false;
  private windowTimer: NodeJS.Timeout | null = null;
  /** Bytes of the deltas waiting for their window. */
  private heldBytes = 0;
  /** Until when (now()) deltas wait: the start of the last write of deltas plus the window. */
  private quietAt = Number.NEGATIVE_INFINITY;

  /**
   * deltaWindowMs: after a write of deltas begins, how long further deltas wait to share the next
   * write (0: deltas go out in their turn like every other message). maxHeldBytes: the deltas
   * waiting go out in the next turn once they are this many bytes (a flood is not held in memory,
   * and a publisher pacing on the sockets' backlog sees it). now: a clock in ms (tests pass theirs).
   */
  constructor(
    private readonly deltaWindowMs = 0,
    private readonly maxHeldBytes = DEFAULT_MAX_HELD_BYTES,
    private readonly now: () => number = () => performance.now(),
  ) {}

  enqueue(message: LiveMessage): void {
    this.pending.push(message);
    if (this.deltaWindowMs > 0 && isDeltaStream(message.stream)) {
      this.heldBytes += message.frame.byteLength;
      // This turn's flush is due anyway: the delta goes with it.
      if (this.scheduled) return;
      if (this.heldBytes < this.maxHeldBytes) {
        // The window already runs: the delta waits with the others.
        if (this.windowTimer !== null) return;
        // Deltas were written less than a window ago: wait for its end.
        const waitMs = this.quietAt - this.now();
        if (waitMs > 0) {
          this.windowTimer = setTimeout(() => this.flush(), Math.ceil(waitMs));
          return;
        }
      }
      // Else (the first after a quiet window, or too many bytes waiting): in this turn's flush.
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Sends what is pending now (before a client's catch-up is computed, so nothing is sent twice). */
  flush(): void {
    this.scheduled = false;
    this.heldBytes = 0;
    if (this.windowTimer !== null) {
      clearTimeout(this.windowTimer);
      this.windowTimer = null;
    }
    const messages = this.pending;
    if (messages.length === 0) return;
    this.pending = [];
    if (this.deltaWindowMs > 0 && messages.some((message) => isDeltaStream(message.stream))) this.quietAt = this.now() + this.deltaWindowMs;
    for (const group of this.groups.values()) {
      if (group.clients.size === 0) continue;
      const frames: Buffer[] = [];
      for (const message of messages) if (accepts(group.filter, message)) frames.push(message.frame);
      if (frames.length === 0) continue;
      const buffer = frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames);
      for (const client of group.clients) client.write(buffer);
    }
    for (const client of this.syncing) {
      for (const message of messages) if (accepts(client.filter, message)) client.enqueue(message.frame);
    }
  }

  /** The client starts receiving broadcasts directly (phase live). */
  join(client: LiveClient): void {
    this.leave(client);
    client.phase = 'live';
    const key = client.groupKey;
    let group = this.groups.get(key);
    if (group === undefined) {
      group = { filter: client.filter, clients: new Set() };
      this.groups.set(key, group);
    }
    group.clients.add(client);
  }

  /** The client's broadcasts are queued until its catch-up is sent (phase syncing). */
  hold(client: LiveClient): void {
    this.leave(client);
    client.phase = 'syncing';
    this.syncing.add(client);
  }

  leave(client: LiveClient): void {
    this.syncing.delete(client);
    for (const [key, group] of this.groups) {
      if (group.clients.delete(client) && group.clients.size === 0) this.groups.delete(key);
    }
  }

  /** The largest backlog of any subscriber (a publisher can pace itself on it). */
  maxBufferedBytes(): number {
    let max = 0;
    for (const group of this.groups.values()) for (const client of group.clients) max = Math.max(max, client.bufferedBytes);
    return max;
  }

  get subscriberCount(): number {
    let count = 0;
    for (const group of this.groups.values()) count += group.clients.size;
    return count;
  }
}

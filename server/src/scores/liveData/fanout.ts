import type { LiveClient } from './liveClient';
import type { LiveMessage } from './liveMessage';
import { type ClientFilter, accepts } from './liveState';

interface Group {
  filter: ClientFilter;
  clients: Set<LiveClient>;
}

/**
 * Writes broadcasts to subscribers. Messages published in the same turn of the event loop go
 * out together: per group of clients with the same filter, the accepted frames are joined once
 * into one buffer, and that buffer is written to each client of the group (one write, one
 * syscall a client a turn, however many messages). Nothing is serialized per client.
 */
export class Fanout {
  private readonly groups = new Map<string, Group>();
  private readonly syncing = new Set<LiveClient>();
  private pending: LiveMessage[] = [];
  private scheduled = false;

  enqueue(message: LiveMessage): void {
    this.pending.push(message);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Sends what is pending now (before a client's catch-up is computed, so nothing is sent twice). */
  flush(): void {
    this.scheduled = false;
    const messages = this.pending;
    if (messages.length === 0) return;
    this.pending = [];
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

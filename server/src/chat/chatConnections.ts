import type { ChatConnection, ChatIdentity } from './chatConnection';

/**
 * The chat connections of this node and who they are: every open connection, and those logged in
 * by identity (an identity may have several: tabs, devices).
 */
export class ChatConnections {
  private readonly all = new Set<ChatConnection>();
  private readonly byUser = new Map<string, Set<ChatConnection>>();

  get size(): number {
    return this.all.size;
  }

  [Symbol.iterator](): IterableIterator<ChatConnection> {
    return this.all.values();
  }

  add(connection: ChatConnection): void {
    this.all.add(connection);
  }

  /** A login succeeded: the connection is that identity's from now on. */
  identify(connection: ChatConnection, identity: ChatIdentity): void {
    connection.identity = identity;
    let mine = this.byUser.get(identity.userId);
    if (mine === undefined) {
      mine = new Set();
      this.byUser.set(identity.userId, mine);
    }
    mine.add(connection);
  }

  /** The connection closed; its identity (null when it never logged in). */
  remove(connection: ChatConnection): ChatIdentity | null {
    this.all.delete(connection);
    const identity = connection.identity;
    if (identity === null) return null;
    const mine = this.byUser.get(identity.userId);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(identity.userId);
    return identity;
  }

  ofUser(userId: string): ReadonlySet<ChatConnection> | undefined {
    return this.byUser.get(userId);
  }

  /** Members with a connection here that is in no room (a page's own connection): the alerts' audience on this node. */
  membersOutsideRooms(): number[] {
    const members: number[] = [];
    for (const connections of this.byUser.values()) {
      for (const connection of connections) {
        const memberId = connection.identity?.memberId ?? null;
        if (memberId !== null && connection.groups.size === 0) {
          members.push(memberId);
          break;
        }
      }
    }
    return members;
  }
}

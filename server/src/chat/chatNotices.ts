import type { ChatSystemNotice, FanAlert } from '@sports/shared/server';
import type { Clock } from '../infra/clock';
import type { ChatBus } from './chatBus';
import type { ChatConnections } from './chatConnections';
import { encodeChatFrame } from './chatFrames';

/**
 * System notices to one user (C2C: muted, made an admin, ...): published on the bus, and written
 * to every connection of that identity on the node that has them.
 */
export class ChatNotices {
  private noticeSeq = 0;

  constructor(
    private readonly bus: ChatBus,
    private readonly connections: ChatConnections,
    private readonly clock: Clock,
    /** Starts every notice id of this node. */
    private readonly idPrefix: string,
  ) {}

  send(userId: number, text: string): void {
    // Increasing per node and over restarts (time-based), so "same last sequence" means a duplicate.
    this.noticeSeq = Math.max(this.noticeSeq + 1, Date.now());
    const notice: ChatSystemNotice = { id: `${this.idPrefix}-n${this.noticeSeq}`, lastSequence: this.noticeSeq, text, sentAt: this.clock().getTime() };
    this.bus.publishNotice(String(userId), notice);
  }

  /**
   * A notice to this node's connections of `userId` that are in no room (a page's own connection,
   * not a live room's: the room's notice list is not interrupted), not through the bus: for a
   * caller that runs on every node already (the message centre hears each NOTIFY on every node).
   */
  sendOutsideRooms(userId: number, text: string): void {
    const connections = this.connections.ofUser(String(userId));
    if (connections === undefined) return;
    this.noticeSeq = Math.max(this.noticeSeq + 1, Date.now());
    const frame = encodeChatFrame({ type: 'notice', notice: { id: `${this.idPrefix}-n${this.noticeSeq}`, lastSequence: this.noticeSeq, text, sentAt: this.clock().getTime() } });
    for (const connection of connections) if (connection.groups.size === 0) connection.write(frame);
  }

  /**
   * One notice (a fan's alert when given: alerts/README.md) to these members' connections here
   * that are in no room, encoded once for all of them (its id and sequence are the same on every
   * connection; each connection sees it once).
   */
  alertOutsideRooms(userIds: readonly number[], text: string, alert?: FanAlert): void {
    this.noticeSeq = Math.max(this.noticeSeq + 1, Date.now());
    const notice: ChatSystemNotice = { id: `${this.idPrefix}-n${this.noticeSeq}`, lastSequence: this.noticeSeq, text, sentAt: this.clock().getTime() };
    if (alert !== undefined) notice.alert = alert;
    const frame = encodeChatFrame({ type: 'notice', notice });
    for (const userId of userIds) {
      const connections = this.connections.ofUser(String(userId));
      if (connections === undefined) continue;
      for (const connection of connections) if (connection.groups.size === 0) connection.write(frame);
    }
  }

  /** A notice from the bus, to the identity's connections here. */
  deliver(userId: string, notice: ChatSystemNotice): void {
    const connections = this.connections.ofUser(userId);
    if (connections === undefined) return;
    const frame = encodeChatFrame({ type: 'notice', notice });
    for (const connection of connections) connection.write(frame);
  }
}

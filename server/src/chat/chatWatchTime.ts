import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTask } from '../infra/periodicTask';
import type { ChatDirectory } from './chatDirectory';

export interface ChatWatchTimeOptions {
  /** The signed-in members per chat group on this node. */
  membersByGroup: () => Map<string, number[]>;
  directory: Pick<ChatDirectory, 'room'>;
  /** Award one minute to each (the levels domain: capped per day, once a minute per member across nodes). */
  awardMinute: (memberIds: number[], now: Date) => Promise<unknown>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often (the levels' LEVEL_WATCH_TICK_SECONDS). */
  tickMs: number;
}

/**
 * Minutes watched, counted on the server from the room presence (issue 12): every minute, the
 * signed-in members in the chat group of an open room (the room page joins it) each earn a
 * minute. Guests, closed rooms and groups without a room count nothing. Each node counts its own
 * sockets; the award itself keeps one minute a minute per member.
 */
export class ChatWatchTime {
  private readonly task: PeriodicTask;

  constructor(private readonly options: ChatWatchTimeOptions) {
    this.task = new PeriodicTask({ everyMs: options.tickMs, work: () => this.count(), log: options.log, failureMessage: 'chat: counting minutes watched failed' });
  }

  /** One count now (the timer's; tests call it). Overlapping ticks are skipped, never queued. */
  tick(): Promise<void> {
    return this.task.tick();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /**
   * The signed-in members in the chat group of each open room on this node now, by the room's
   * anchor, the anchor left out (an anchor on air is not watching). A member in two rooms or tabs
   * is listed once per room. The points' and the fan medals' watch timers read it
   * (`app.chatActivity`), so every domain counts the same presence.
   */
  async watchingByRoom(): Promise<{ anchorId: number; memberIds: number[] }[]> {
    const rooms: { anchorId: number; memberIds: number[] }[] = [];
    for (const [groupId, memberIds] of this.options.membersByGroup()) {
      const room = await this.options.directory.room(groupId);
      if (!room?.isOpen) continue;
      const viewers = memberIds.filter((id) => id !== room.ownerId);
      if (viewers.length > 0) rooms.push({ anchorId: room.ownerId, memberIds: viewers });
    }
    return rooms;
  }

  /** What the minute is awarded to: every signed-in member in an open room's group, its anchor included (levels count an anchor's time in their room). */
  private async watchingMembers(): Promise<number[]> {
    const watching: number[] = [];
    for (const [groupId, memberIds] of this.options.membersByGroup()) {
      const room = await this.options.directory.room(groupId);
      if (room?.isOpen) watching.push(...memberIds);
    }
    return watching;
  }

  private async count(): Promise<void> {
    const watching = await this.watchingMembers();
    if (watching.length > 0) await this.options.awardMinute(watching, this.options.now());
  }
}

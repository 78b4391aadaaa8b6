import type { FastifyBaseLogger } from 'fastify';
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
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(private readonly options: ChatWatchTimeOptions) {
    this.timer = setInterval(() => void this.tick(), options.tickMs);
    this.timer.unref();
  }

  /** One count now (the timer's; tests call it). Overlapping ticks are skipped, never queued. */
  tick(): Promise<void> {
    if (this.running !== null) return this.running;
    this.running = this.count().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * The signed-in members in the chat group of an open room on this node now (a member in two
   * rooms or tabs is listed once per group). What the minute is awarded to; the points' own timer
   * (points/) reads it too, so both count the same presence, without the anchors in their own rooms
   * (`viewersOnly`: an anchor on air is not watching).
   */
  async watchingMembers(options: { viewersOnly?: boolean } = {}): Promise<number[]> {
    const watching: number[] = [];
    for (const [groupId, memberIds] of this.options.membersByGroup()) {
      const room = await this.options.directory.room(groupId);
      if (!room?.isOpen) continue;
      watching.push(...(options.viewersOnly === true ? memberIds.filter((id) => id !== room.ownerId) : memberIds));
    }
    return watching;
  }

  private async count(): Promise<void> {
    try {
      const watching = await this.watchingMembers();
      if (watching.length > 0) await this.options.awardMinute(watching, this.options.now());
    } catch (error) {
      this.options.log.warn({ err: error }, 'chat: counting minutes watched failed');
    }
  }
}

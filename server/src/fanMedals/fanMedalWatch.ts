import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { FanMedalAwards, MedalPair, MedalProgress } from './fanMedalAwards';

export interface FanMedalWatchOptions {
  db: Kysely<Database>;
  awards: FanMedalAwards;
  /** The signed-in members per chat group on this node (a group id is the anchor's user id). */
  membersByGroup: () => Map<string, number[]>;
  now: () => Date;
  onProgress: (progress: MedalProgress[]) => void;
  log: FastifyBaseLogger;
  /** FAN_MEDAL_WATCH_TICK_SECONDS in ms. */
  tickMs: number;
}

/**
 * Watch time into intimacy, counted on the server from the chat presence (as the levels count
 * minutes watched, chat/chatWatchTime.ts): every tick (10 minutes by default) each signed-in
 * member in the chat group of an open room earns +1 with its anchor, if they have the anchor's
 * medal, under the day's cap. A page that is not open in the room (no socket in its group) earns
 * nothing; the award keeps one tick a tick per pair across nodes and tabs.
 */
export class FanMedalWatch {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(private readonly options: FanMedalWatchOptions) {
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

  private async count(): Promise<void> {
    try {
      const byAnchor = new Map<number, number[]>();
      for (const [groupId, memberIds] of this.options.membersByGroup()) {
        const anchorId = Number(groupId);
        if (Number.isSafeInteger(anchorId) && anchorId > 0 && memberIds.length > 0) byAnchor.set(anchorId, memberIds);
      }
      if (byAnchor.size === 0) return;
      const open = await this.options.db.selectFrom('live_room').select('owner_id').distinct().where('owner_id', 'in', [...byAnchor.keys()]).where('is_open', '=', true).execute();
      const pairs: MedalPair[] = [];
      for (const row of open) for (const memberId of byAnchor.get(Number(row.owner_id)) ?? []) pairs.push({ memberId, anchorId: Number(row.owner_id) });
      if (pairs.length > 0) this.options.onProgress(await this.options.awards.watched(pairs, this.options.now()));
    } catch (error) {
      this.options.log.warn({ err: error }, 'fan medals: counting watch time failed');
    }
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { endBroadcast, recordPeak, startBroadcast } from './broadcastRecords';
import type { RoomPresence } from '../presence';
import type { StreamEvents } from './streamEvents';

/** How often a live room's audience is sampled for the peak (chat members change without us seeing). */
const SAMPLE_MS = 5_000;

interface LiveRoom {
  peak: number;
  recordedPeak: number;
  sampler: NodeJS.Timeout;
}

export interface StreamLifecycleOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  events: StreamEvents;
  /** Players now (FLV + HLS); external mode counts none. */
  players: (roomId: number) => number;
  /** The chat's member count, when the chat module decorated one. */
  chatPresence: () => RoomPresence | null;
}

/**
 * Publish start and end, the same for the embedded ingest and an external media server's
 * callbacks: the room's status and broadcast row, the peak audience, and the live/offline events.
 * Work for one room runs in order (an end never overtakes its start).
 */
export class StreamLifecycle {
  private readonly queues = new Map<number, Promise<void>>();
  private readonly live = new Map<number, LiveRoom>();

  constructor(private readonly options: StreamLifecycleOptions) {}

  started(roomId: number): Promise<void> {
    return this.enqueue(roomId, async () => {
      const started = await startBroadcast(this.options.db, roomId);
      if (started === null) return;
      this.stopSampling(roomId);
      const sampler = setInterval(() => this.sample(roomId, true), SAMPLE_MS).unref();
      this.live.set(roomId, { peak: 0, recordedPeak: 0, sampler });
      this.sample(roomId, false);
      this.options.log.info({ roomId, broadcastId: started.broadcastId }, 'stream live');
      this.options.events.emit('live', { roomId, startedAt: started.startedAt });
    });
  }

  ended(roomId: number): Promise<void> {
    return this.enqueue(roomId, async () => {
      this.sample(roomId, false);
      const peak = this.live.get(roomId)?.peak ?? 0;
      this.stopSampling(roomId);
      await endBroadcast(this.options.db, roomId, peak);
      this.options.log.info({ roomId, peak }, 'stream offline');
      this.options.events.emit('offline', { roomId });
    });
  }

  /** A player joined: the peak may have grown (written by the next sample). */
  playersChanged(roomId: number): void {
    this.sample(roomId, false);
  }

  /** Resolves when every queued start/end has been written. */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  private sample(roomId: number, persist: boolean): void {
    const room = this.live.get(roomId);
    if (room === undefined) return;
    const chat = this.options.chatPresence();
    room.peak = Math.max(room.peak, this.options.players(roomId), chat === null ? 0 : safeCount(() => chat.onlineMembers(roomId)));
    if (!persist || room.peak <= room.recordedPeak) return;
    const peak = room.peak;
    void this.enqueue(roomId, async () => {
      await recordPeak(this.options.db, roomId, peak);
      room.recordedPeak = Math.max(room.recordedPeak, peak);
    });
  }

  private stopSampling(roomId: number): void {
    const room = this.live.get(roomId);
    if (room === undefined) return;
    clearInterval(room.sampler);
    this.live.delete(roomId);
  }

  private enqueue(roomId: number, task: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(roomId) ?? Promise.resolve();
    const next = previous.then(task).catch((error: unknown) => this.options.log.error({ err: error, roomId }, 'stream record update failed'));
    this.queues.set(roomId, next);
    void next.then(() => {
      if (this.queues.get(roomId) === next) this.queues.delete(roomId);
    });
    return next;
  }
}

function safeCount(count: () => number): number {
  try {
    const value = count();
    return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  } catch {
    return 0;
  }
}

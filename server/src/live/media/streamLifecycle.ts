import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { endBroadcast, pauseBroadcast, recordPeak, resumeBroadcast, startBroadcast } from './broadcastRecords';
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
  /**
   * Whether this node may still write the room's end (no other node became its origin meanwhile,
   * origin/README.md); when not, a push ending here only forgets the room. Absent: always.
   */
  mayEnd?: (roomId: number) => Promise<boolean>;
}

/**
 * Publish start and end, the same for the embedded ingest and an external media server's
 * callbacks: the room's status and broadcast row, the peak audience, and the live/offline events.
 * Work for one room runs in order (an end never overtakes its start).
 *
 * The room's state follows the push at once (docs/flows/room-state.md): a push that drops
 * (`paused`) makes the room offline now and says so; the reconnect grace only keeps its broadcast
 * record open, so a push that comes back within it (`resumed`) continues the same record, and
 * `ended` (after the grace) closes it without saying offline again.
 */
export class StreamLifecycle {
  private readonly queues = new Map<number, Promise<void>>();
  private readonly live = new Map<number, LiveRoom>();
  /** Rooms whose push dropped and whose broadcast waits for the grace (offline already said). */
  private readonly paused = new Set<number>();
  /** The open broadcast of each room on air here (the archive records into it), and since when it is known. */
  private readonly broadcastIds = new Map<number, { id: number; sinceMs: number }>();

  constructor(private readonly options: StreamLifecycleOptions) {}

  /** The push dropped; the encoder may come back within the grace (the broadcast stays open). */
  pausedPush(roomId: number): Promise<void> {
    return this.enqueue(roomId, async () => {
      if (this.paused.has(roomId)) return;
      if (!(await this.mayEnd(roomId))) return this.forget(roomId);
      this.sample(roomId, false);
      const room = await pauseBroadcast(this.options.db, roomId);
      this.paused.add(roomId);
      if (room === null) return;
      this.options.log.info({ roomId }, 'stream paused');
      this.options.events.emit('offline', { roomId, state: room.isOpen ? 'paused' : 'ended' });
    });
  }

  /** The push came back within the grace: live again, in the same broadcast. */
  resumed(roomId: number): Promise<void> {
    return this.enqueue(roomId, async () => {
      const wasPaused = this.paused.delete(roomId);
      const resumed = await resumeBroadcast(this.options.db, roomId);
      if (resumed === null) return;
      this.broadcastIds.set(roomId, { id: resumed.broadcastId, sinceMs: Date.now() });
      if (!this.live.has(roomId)) this.startSampling(roomId);
      this.options.log.info({ roomId, broadcastId: resumed.broadcastId, wasPaused }, 'stream resumed');
      this.options.events.emit('live', { roomId, startedAt: resumed.startedAt });
    });
  }

  started(roomId: number): Promise<void> {
    return this.enqueue(roomId, async () => {
      this.paused.delete(roomId);
      const started = await startBroadcast(this.options.db, roomId);
      if (started === null) return;
      this.broadcastIds.set(roomId, { id: started.broadcastId, sinceMs: Date.now() });
      this.stopSampling(roomId);
      this.startSampling(roomId);
      this.options.log.info({ roomId, broadcastId: started.broadcastId }, 'stream live');
      this.options.events.emit('live', { roomId, startedAt: started.startedAt });
    });
  }

  ended(roomId: number): Promise<void> {
    return this.enqueue(roomId, async () => {
      if (!(await this.mayEnd(roomId))) return this.forget(roomId);
      this.sample(roomId, false);
      const peak = this.live.get(roomId)?.peak ?? 0;
      this.stopSampling(roomId);
      const wasPaused = this.paused.delete(roomId);
      const room = await endBroadcast(this.options.db, roomId, peak);
      this.broadcastIds.delete(roomId);
      this.options.log.info({ roomId, peak }, 'stream offline');
      // A paused room said offline when its push dropped: the grace's end only closes the record.
      if (!wasPaused && room !== null) this.options.events.emit('offline', { roomId, state: room.isOpen ? 'paused' : 'ended' });
    });
  }

  /**
   * The room's open broadcast on this node, and when this node learnt it (a recorder started
   * before that moment knows the entry is not a previous broadcast's whose end is still queued);
   * null before its row is written or after it ended.
   */
  broadcastIdOf(roomId: number): { id: number; sinceMs: number } | null {
    return this.broadcastIds.get(roomId) ?? null;
  }

  /** Another node holds the room now: its records are that node's; this one only lets go. */
  private forget(roomId: number): void {
    this.options.log.info({ roomId }, 'stream ended here after another node became its origin: its records are left to that node');
    this.stopSampling(roomId);
    this.paused.delete(roomId);
    this.broadcastIds.delete(roomId);
  }

  private async mayEnd(roomId: number): Promise<boolean> {
    if (this.options.mayEnd === undefined) return true;
    // The registry unreadable: end as before (the database write fails the same way, logged).
    return this.options.mayEnd(roomId).catch(() => true);
  }

  private startSampling(roomId: number): void {
    const sampler = setInterval(() => this.sample(roomId, true), SAMPLE_MS).unref();
    this.live.set(roomId, { peak: 0, recordedPeak: 0, sampler });
    this.sample(roomId, false);
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

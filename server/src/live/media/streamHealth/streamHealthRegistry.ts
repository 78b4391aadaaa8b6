import { chinaDate } from '../../../infra/chinaTime';
import { type MediaPacket, type StreamFigures, type StreamMetadata, StreamObserver } from './streamObserver';

/** A room's stream health as the owner console shows it. */
export interface RoomStreamHealth {
  /** Publishing: media arrives (or stopped arriving only lately: see the warnings). */
  live: boolean;
  /** Date.now() when the current publish began; null when nothing is published. */
  publishingSince: number | null;
  /** Publishes of the current broadcast after its first (the encoder dropped and came back). */
  reconnects: number;
  /** Publishes of this room today (China time). */
  publishesToday: number;
  figures: StreamFigures | null;
}

export interface StreamHealthRegistryOptions {
  clock?: () => number;
  /** Where a failure to read a stream is reported (the stream itself goes on). */
  log?: { warn: (details: object, message: string) => void };
}

interface RoomState {
  /** The publishing session (node-media-server's): a different one is a new publish. */
  publisher: object | null;
  observer: StreamObserver | null;
  publishingSince: number | null;
  broadcastPublishes: number;
  day: string;
  publishesToday: number;
  /** Reading this publish failed: it is not observed further. */
  failed: boolean;
}

/**
 * Stream health of every room the embedded ingest receives: one StreamObserver per publish, fed
 * by the ingest's packet hook; a publish by a new session of a room whose broadcast is still open
 * (within the reconnect grace) is a reconnect. The broadcast's end (`ended`) drops the observer.
 */
export class StreamHealthRegistry {
  private readonly rooms = new Map<number, RoomState>();
  private readonly clock: () => number;

  constructor(private readonly options: StreamHealthRegistryOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Runs in the ingest's packet path: whatever goes wrong here must not end the anchor's stream,
   * so a failure is logged and this publish is no longer observed (its figures stop).
   */
  observe(roomId: number, publisher: object & StreamMetadata, packet: MediaPacket): void {
    const now = this.clock();
    let room = this.rooms.get(roomId);
    if (room === undefined || room.publisher !== publisher) room = this.published(roomId, room, publisher, now);
    if (room.failed) return;
    try {
      room.observer?.observe(packet, now);
    } catch (error) {
      room.failed = true;
      this.options.log?.warn({ err: error, roomId }, 'stream health: could not read a media message; this publish is no longer observed');
    }
  }

  /** The room's broadcast ended (after the reconnect grace): no stream until the next publish. */
  ended(roomId: number): void {
    const room = this.rooms.get(roomId);
    if (room === undefined) return;
    Object.assign(room, { publisher: null, observer: null, publishingSince: null, broadcastPublishes: 0 });
  }

  healthOf(roomId: number): RoomStreamHealth {
    const now = this.clock();
    const room = this.rooms.get(roomId);
    const today = chinaDate(new Date(now));
    if (room === undefined || room.observer === null) {
      return { live: false, publishingSince: null, reconnects: 0, publishesToday: room?.day === today ? room.publishesToday : 0, figures: null };
    }
    return {
      live: true,
      publishingSince: room.publishingSince,
      reconnects: Math.max(0, room.broadcastPublishes - 1),
      publishesToday: room.day === today ? room.publishesToday : 0,
      figures: room.observer.figures(now),
    };
  }

  private published(roomId: number, known: RoomState | undefined, publisher: object & StreamMetadata, now: number): RoomState {
    const day = chinaDate(new Date(now));
    const room: RoomState = known ?? { publisher: null, observer: null, publishingSince: null, broadcastPublishes: 0, day, publishesToday: 0, failed: false };
    if (room.day !== day) Object.assign(room, { day, publishesToday: 0 });
    room.publisher = publisher;
    room.observer = new StreamObserver(now, publisher);
    room.failed = false;
    room.publishingSince = now;
    room.broadcastPublishes += 1;
    room.publishesToday += 1;
    this.rooms.set(roomId, room);
    return room;
  }
}

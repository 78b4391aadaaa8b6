import { EventEmitter } from 'node:events';
import type { RoomStreamState } from '@sports/shared/server';

/**
 * What the rooms API tells the rest of the server as it happens (in process). The built-in chat
 * listens, so a mute or a new admin applies to the very next message, and it relays the events
 * between nodes itself when REDIS_URL is set. Paid actions are not room events: the wallet tells
 * the chat itself, through its port to it (wallet/chatOutlet.ts, wallet/README.md).
 */
export interface RoomEventMap {
  /** `until` null: muted until lifted. */
  muted: [{ roomId: number; ownerId: number; userId: number; until: Date | null }];
  unmuted: [{ roomId: number; ownerId: number; userId: number }];
  adminsChanged: [{ roomId: number; ownerId: number; adminIds: number[] }];
  /** The anchor opened or closed the room, or changed its title/placard. */
  roomChanged: [{ roomId: number; ownerId: number; isOpen: boolean; title: string; placard: string; /** The room's state after the change (media/roomState.ts). */ state?: RoomStreamState }];
}

export class RoomEvents extends EventEmitter<RoomEventMap> {}

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated in app.ts; the rooms module emits, the chat listens. */
    roomEvents: RoomEvents;
  }
}

import { EventEmitter } from 'node:events';

/**
 * A room's stream started or stopped (in process, after the database says so): the chat relays
 * it to the room's viewers so pages switch between player and "offline" at once. Between nodes
 * the chat relays it itself (REDIS_URL), as with roomEvents.
 */
export interface StreamEventMap {
  live: [{ roomId: number; startedAt: Date }];
  offline: [{ roomId: number }];
}

export class StreamEvents extends EventEmitter<StreamEventMap> {}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the media plugin. */
    streamEvents: StreamEvents;
    /** Players watching a room now (HTTP-FLV connections + recent HLS clients; 0 in external mode). */
    streamViewers: (roomId: number) => number;
  }
}

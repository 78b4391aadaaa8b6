import { EventEmitter } from 'node:events';

/**
 * A room's stream started, resumed or stopped (in process, after the database says so): the chat
 * relays it to the room's viewers as a system line carrying the room's state
 * (cloudCustomData.roomState), so pages switch between player and notice at once
 * (docs/flows/room-state.md). Between nodes the chat relays it itself (REDIS_URL), as with roomEvents.
 */
export interface StreamEventMap {
  live: [{ roomId: number; startedAt: Date }];
  /** `paused`: the room is open (主播暂时离开); `ended`: the anchor ended it (直播已结束). */
  offline: [{ roomId: number; state: 'paused' | 'ended' }];
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

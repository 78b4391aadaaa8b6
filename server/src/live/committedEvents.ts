import type { RoomStreamState } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { RoomEventMap, RoomEvents } from './roomEvents';

/** One room event, as a service returns it for the route to emit once its transaction committed. */
export type RoomEvent = { [Name in keyof RoomEventMap]: { name: Name; payload: RoomEventMap[Name][0] } }[keyof RoomEventMap];

/**
 * Emits events of a change that has committed. Never before the commit: the chat would apply a
 * mute that a rollback then undoes. A listener that throws is logged: the change is made and the
 * caller must hear so, not get an error for a listener's bug.
 */
export function emitCommitted(roomEvents: RoomEvents, log: FastifyBaseLogger, events: readonly RoomEvent[]): void {
  for (const event of events) {
    try {
      (roomEvents.emit as (name: string, payload: unknown) => boolean)(event.name, event.payload);
    } catch (error) {
      log.error({ err: error, event: event.name }, 'a room event listener failed');
    }
  }
}

export function roomChanged(room: { id: number; owner_id: number; is_open: boolean; title: string; placard: string }, state?: RoomStreamState): RoomEvent {
  const payload = { roomId: room.id, ownerId: room.owner_id, isOpen: room.is_open, title: room.title, placard: room.placard };
  return { name: 'roomChanged', payload: state === undefined ? payload : { ...payload, state } };
}

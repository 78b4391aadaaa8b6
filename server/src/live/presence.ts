import type { FastifyInstance } from 'fastify';

/** What the chat decorates (`app.chatPresence`): how many are in a room's group right now. */
export interface RoomPresence {
  onlineMembers(roomId: number): number;
}

const NOBODY: RoomPresence = { onlineMembers: () => 0 };

/**
 * The chat's presence when it is there, else nobody online. Looked up per call, not at
 * registration: the chat plugin may be registered after this module (or not at all).
 */
export function presenceOf(app: FastifyInstance): RoomPresence {
  if (!app.hasDecorator('chatPresence')) return NOBODY;
  const presence = (app as unknown as { chatPresence?: RoomPresence }).chatPresence;
  return presence ?? NOBODY;
}

/** A count the API can show: a misbehaving presence never breaks a room page. */
export function onlineOf(presence: RoomPresence, roomId: number): number {
  try {
    const count = presence.onlineMembers(roomId);
    return Number.isSafeInteger(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

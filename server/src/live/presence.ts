/** How many are in a room's chat group right now: what room cards, rankings and follows show. */
export interface RoomPresence {
  onlineMembers(roomId: number): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The rooms' presence (decorated by the live plugin). The chat is a separate domain that
     * depends on live, so live cannot ask it directly: the chat plugin plugs its counts in here
     * with `provide`. Until something does (or with no chat at all), nobody is online.
     */
    roomPresence: RoomPresencePort;
  }
}

/** The socket through which another domain (the chat) provides the rooms' presence. */
export class RoomPresencePort implements RoomPresence {
  private source: RoomPresence | null = null;

  provide(source: RoomPresence): void {
    this.source = source;
  }

  onlineMembers(roomId: number): number {
    return this.source === null ? 0 : onlineOf(this.source, roomId);
  }
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

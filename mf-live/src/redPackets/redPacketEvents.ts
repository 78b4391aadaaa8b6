import type { ChatGroupMessage, ChatRedPacketEvent } from '@sports/shared';

/** A red packet line the room heard (cloudCustomData.redPacket), with the line's id. */
export interface RedPacketRoomEvent {
  id: string;
  event: ChatRedPacketEvent;
}

/** Events kept per room page (the falling packet reads the last 'opened'). */
export const RED_PACKET_EVENTS_KEPT = 20;
/** An event older than this when it arrives is history (the join's backlog): no falling packet. */
export const RED_PACKET_FRESH_MS = 30_000;

/** The red packet event a system line carries, if it is fresh; null otherwise (only the server writes it). */
export function redPacketEventOf(message: ChatGroupMessage, now: number): RedPacketRoomEvent | null {
  const event = message.from.role === 'system' ? message.cloudCustomData.redPacket : undefined;
  if (event === undefined || now - message.sentAt > RED_PACKET_FRESH_MS) return null;
  return { id: message.id, event };
}

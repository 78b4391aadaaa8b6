/**
 * Where a room card's picture comes from (the `thumb` field of the room cards): while the room is
 * live, its latest frame (`/live/thumb/room<id>.jpg`), with a version query that changes every
 * refresh period so lists fetched later point browsers and caches at the newer frame; otherwise
 * the placeholder of its category (`/live/thumb/<category>.svg`), which never changes.
 */

export const THUMB_URL_PREFIX = '/live/thumb/';
/** How often a live room's frame is decoded again (and the version query moves). */
export const THUMB_REFRESH_MS = 30_000;

/** Room types (1 football, 2 basketball, 3 esports, 4 general) by the name their placeholder has. */
export const THUMB_CATEGORIES = { 1: 'football', 2: 'basketball', 3: 'esports', 4: 'general' } as const;
export type ThumbCategory = (typeof THUMB_CATEGORIES)[keyof typeof THUMB_CATEGORIES];

export const ROOM_THUMB_FILE = /^room([1-9][0-9]{0,15})\.jpg$/;
export const PLACEHOLDER_FILE = /^(football|basketball|esports|general)\.svg$/;

export function categoryOf(roomType: number): ThumbCategory {
  return THUMB_CATEGORIES[roomType as keyof typeof THUMB_CATEGORIES] ?? 'general';
}

export function placeholderUrl(roomType: number): string {
  return `${THUMB_URL_PREFIX}${categoryOf(roomType)}.svg`;
}

export interface ThumbSubject {
  id: number;
  type: number;
  stream_status: string;
  stream_started_at: Date | null;
}

/** The card's picture: the live frame (versioned by broadcast and refresh period) or the placeholder. */
export function thumbUrlOf(room: ThumbSubject, nowMs: number): string {
  if (room.stream_status !== 'live') return placeholderUrl(room.type);
  const broadcast = room.stream_started_at === null ? 0 : room.stream_started_at.getTime();
  const period = Math.floor(nowMs / THUMB_REFRESH_MS);
  return `${THUMB_URL_PREFIX}room${room.id}.jpg?v=${broadcast.toString(36)}.${period.toString(36)}`;
}

import mitt, { type Emitter } from 'mitt';

export type ToastKind = 'error' | 'success' | 'info' | 'warning';

export interface ToastEvent {
  kind: ToastKind;
  message: string;
  durationMs: number;
}

export type LoginModalMode = 'code' | 'regiter' | 'forgot';

/** A remote failed to load or threw while rendering. */
export interface RemoteFailureEvent {
  remote: string;
  version: string;
  phase: 'load' | 'render';
  message: string;
}

/**
 * A live room's player, about once a second while it plays: how far its picture is behind the
 * live moment at the ingest. Spoiler-free scores hold a goal popup or a score change for the
 * room's match until the picture has reached it. `matchId` is the match the room shows (null
 * for a room without one).
 */
export interface PlayerDelayEvent {
  roomId: number;
  matchId: number | null;
  delayMs: number;
}

/**
 * Every event that crosses package boundaries in the page. The shared API client emits the
 * session and toast events; the host renders them. Domain issues add their events here.
 */
export type PlatformEvents = {
  toast: ToastEvent;
  /** Codes 50008/50012/50014: ask the user to stay or log in again. */
  'session:logoutConfirm': { code: number };
  /** The saved session was cleared (code 700, log out, reset). */
  'session:cleared': { reason: 'loginRequired' | 'logout' | 'reset' };
  'login:open': { mode?: LoginModalMode };
  /** Show the 'feature in development' notice dialog. */
  'notice:inDevelopment': { feature?: string };
  'remote:failed': RemoteFailureEvent;
  'player:delay': PlayerDelayEvent;
  /** The room's player stopped or left the page: scores for its match are immediate again. */
  'player:stopped': { roomId: number; matchId: number | null };
};

export type PlatformEventBus = Emitter<PlatformEvents>;

export function createEventBus(): PlatformEventBus {
  return mitt<PlatformEvents>();
}

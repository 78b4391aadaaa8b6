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
};

export type PlatformEventBus = Emitter<PlatformEvents>;

export function createEventBus(): PlatformEventBus {
  return mitt<PlatformEvents>();
}

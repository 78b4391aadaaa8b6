import type { PlatformEventBus, PlatformEvents } from '@sports/shared';

/**
 * The events the shell shows (a toast, the 确认退出 dialog, the login modal, the notice): what
 * the page says to its user, each heard by one of the shell's components once it is mounted.
 */
export const SHELL_EVENT_TYPES = ['toast', 'session:logoutConfirm', 'login:open', 'notice:inDevelopment'] as const satisfies readonly (keyof PlatformEvents)[];

type ShellEventType = (typeof SHELL_EVENT_TYPES)[number];

/** At most this many unheard events of one type are kept (the oldest are dropped past it). */
export const HELD_EVENTS_PER_TYPE = 20;

/**
 * Keeps the shell's events emitted before anything listens for them, and hands them to the first
 * listener of their type when it subscribes. The session check starts beside the shell's first
 * render (bootstrap.tsx): an answer that comes before the shell's listeners are mounted (a render
 * sliced or slowed by a starved CPU) keeps its toast or 确认退出 dialog instead of losing it.
 * Other events (a player's delay, a remote's failure) are never kept: nobody listening is their
 * normal case.
 */
export function holdUnheardShellEvents(bus: PlatformEventBus): PlatformEventBus {
  const held = new Map<ShellEventType, unknown[]>();
  const isShellEvent = (type: keyof PlatformEvents | '*'): type is ShellEventType => (SHELL_EVENT_TYPES as readonly string[]).includes(type as string);
  // mitt's overloads, as the one shape both wrappers take.
  type Emit = (type: keyof PlatformEvents, event?: unknown) => void;
  type On = (type: keyof PlatformEvents | '*', handler: (event: unknown) => void) => void;
  const loose = bus as unknown as { emit: Emit; on: On };
  const emit = loose.emit.bind(bus);
  const on = loose.on.bind(bus);

  loose.emit = (type, event) => {
    if (isShellEvent(type) && (bus.all.get(type)?.length ?? 0) === 0) {
      const queue = held.get(type) ?? [];
      queue.push(event);
      if (queue.length > HELD_EVENTS_PER_TYPE) queue.shift();
      held.set(type, queue);
      return;
    }
    emit(type, event);
  };
  loose.on = (type, handler) => {
    on(type, handler);
    if (!isShellEvent(type)) return;
    const queue = held.get(type);
    if (!queue) return;
    held.delete(type);
    for (const event of queue) handler(event);
  };
  return bus;
}

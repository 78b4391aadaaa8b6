import type { KeyboardEvent } from 'react';

export type MenuFocusTarget = 'first' | 'last' | 'next' | 'previous';

const KEY_TARGETS: Partial<Record<string, MenuFocusTarget>> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

function pickIndex(target: MenuFocusTarget, current: number, count: number): number {
  if (target === 'first') return 0;
  if (target === 'last') return count - 1;
  if (target === 'next') return (current + 1) % count;
  return current <= 0 ? count - 1 : current - 1;
}

/** Moves focus among the menuitems inside `container`, wrapping at both ends. */
export function focusMenuItem(container: HTMLElement | null, target: MenuFocusTarget): void {
  const items = Array.from(container?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  if (items.length === 0) return;
  const current = items.findIndex((item) => item === document.activeElement);
  items[pickIndex(target, current, items.length)]?.focus();
}

/** Arrow keys, Home and End inside an open menu (WAI-ARIA menu pattern). */
export function handleMenuKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const target = KEY_TARGETS[event.key];
  if (!target) return;
  event.preventDefault();
  focusMenuItem(event.currentTarget, target);
}

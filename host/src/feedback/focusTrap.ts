import type { KeyboardEvent } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[hidden]'));
}

/** Where focus goes when a dialog opens: a marked control, else the first content control. */
export function initialFocusIn(container: HTMLElement): HTMLElement {
  const marked = container.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  const controls = focusableIn(container);
  return controls.find((element) => !element.hasAttribute('data-dialog-close')) ?? controls[0] ?? container;
}

/** Keeps Tab and Shift+Tab cycling inside `container` (the open dialog). */
export function trapTabKey(event: KeyboardEvent<HTMLElement>, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const controls = focusableIn(container);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

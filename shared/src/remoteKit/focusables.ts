/** What Tab can reach inside an element, in order (the popover's and the sheet's focus handling). */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[inert]'));
}

/** Focus moves into a surface that just opened: its first field or button (skipping its close button), else the surface. */
export function focusInto(root: HTMLElement, closeButton: HTMLElement | null): void {
  const first = focusablesIn(root).find((element) => element !== closeButton) ?? closeButton ?? root;
  first.focus();
}

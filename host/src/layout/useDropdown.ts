import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { focusMenuItem, handleMenuKeyDown } from './menuKeyboard';
import { useDismiss } from './useDismiss';

function isMouse(event: PointerEvent): boolean {
  // A tap also fires pointerenter; opening on it would let the following click close the menu again.
  return event.pointerType === 'mouse';
}

/**
 * Open state and the props for a hover-or-click dropdown: the container (hover, outside clicks),
 * its toggle button (aria-haspopup/expanded, ArrowDown opens into the menu) and the menu itself.
 */
export function useDropdown<Container extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<Container>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const focusFirstOnOpen = useRef(false);
  // The click that follows a mouse hover-open means "open", not "close again".
  const openedByHover = useRef(false);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);

  useDismiss(containerRef, open, (reason) => {
    setOpen(false);
    if (reason === 'escape') toggleRef.current?.focus();
  });

  useEffect(() => {
    if (!open || !focusFirstOnOpen.current) return;
    focusFirstOnOpen.current = false;
    focusMenuItem(containerRef.current, 'first');
  }, [open]);

  function onToggleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (open) return focusMenuItem(containerRef.current, 'first');
    focusFirstOnOpen.current = true;
    setOpen(true);
  }

  return {
    open,
    close,
    containerProps: {
      ref: containerRef,
      onPointerEnter: (event: PointerEvent) => {
        if (!isMouse(event) || open) return;
        openedByHover.current = true;
        setOpen(true);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (!isMouse(event)) return;
        openedByHover.current = false;
        setOpen(false);
      },
    },
    toggleProps: {
      ref: toggleRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => {
        if (openedByHover.current) {
          openedByHover.current = false;
          return;
        }
        setOpen((wasOpen) => !wasOpen);
      },
      onKeyDown: onToggleKeyDown,
    },
    menuProps: { id: menuId, role: 'menu', hidden: !open, onKeyDown: handleMenuKeyDown },
  };
}

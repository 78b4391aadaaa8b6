import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'escape' | 'outside';

/**
 * Calls onDismiss while `open` when the user presses Escape, or presses or moves focus outside
 * `containerRef` (so Tab-ing away closes a popup as a click elsewhere does).
 */
export function useDismiss(
  containerRef: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
): void {
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) onDismissRef.current('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismissRef.current('escape');
    };
    const outsideEvents = ['mousedown', 'touchstart', 'focusin'] as const;
    for (const type of outsideEvents) document.addEventListener(type, onOutside);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      for (const type of outsideEvents) document.removeEventListener(type, onOutside);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, containerRef]);
}

import { useLayoutEffect } from 'react';

/** The id of the page's first paint (host/src/index.html): the layout and skeleton painted before any script. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/** Takes the page's first paint away, if it is still there (once per page: later calls find none). */
export function removeFirstPaint(doc: Document = document): void {
  doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
}

/**
 * The shell's layout takes over from the page's first paint: the first paint is removed in the
 * commit that inserts the layout (a layout effect runs before the browser paints), so no frame
 * shows both or neither (no flash, and no element that was painted moves: no layout shift).
 * Called by every layout (AppLayout, MobileLayout): on /h5 the layout is a chunk of its own and
 * the app's first commits render without it, which must not take the first paint away.
 */
export function useFirstPaintHandover(): void {
  useLayoutEffect(() => removeFirstPaint(), []);
}

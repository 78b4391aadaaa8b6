// Runs in main.js before the async boundary: no value import of a shared module here
// (TOOLCHAIN.md pitfall 2). narrowScreen.test.ts checks the width equals the shared constant.

/** SPEC.md section 2: a body of this width or less is a phone, sent to the mobile site. Equals `NARROW_SCREEN_MAX_WIDTH_PX` of @sports/shared. */
export const NARROW_SCREEN_WIDTH_PX = 500;

/** Whether the page's body is laid out at a phone's width (0: not laid out, not a phone). */
export function isNarrowScreen(width: number = document.body.clientWidth): boolean {
  return width > 0 && width <= NARROW_SCREEN_WIDTH_PX;
}

/**
 * The body's width once the app's styles apply (body margin 0), read before they do: the
 * viewport less its scrollbar (the body still has the browser's 8 px margins then).
 */
export function appBodyWidth(doc: Document = document): number {
  return doc.documentElement.clientWidth;
}

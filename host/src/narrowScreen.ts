// Runs in main.js before the async boundary: no value import of a shared module here
// (TOOLCHAIN.md pitfall 2). narrowScreen.test.ts checks the width equals the shared constant.

/** SPEC.md section 2: a body of this width or less is a phone, sent to the mobile site. Equals `NARROW_SCREEN_MAX_WIDTH_PX` of @sports/shared. */
export const NARROW_SCREEN_WIDTH_PX = 500;

/** The mobile site (server/static/h5). */
export const MOBILE_SITE_URL = '/h5';

/** Whether the page's body is laid out at a phone's width (0: not laid out, not a phone). */
export function isNarrowScreen(doc: Document = document): boolean {
  const width = doc.body?.clientWidth ?? 0;
  return width > 0 && width <= NARROW_SCREEN_WIDTH_PX;
}

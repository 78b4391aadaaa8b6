/** The bottom tab bar's height above the safe-area inset; goal popups stack above it. */
export const MOBILE_TAB_BAR_HEIGHT_PX = 56;

/** The mobile header's height below the safe-area inset. */
export const MOBILE_HEADER_HEIGHT_PX = 48;

/** The smallest touch target on the mobile shell (WCAG 2.5.5, Apple's HIG). */
export const MIN_TOUCH_TARGET_PX = 44;

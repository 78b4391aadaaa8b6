import { createGlobalStyle } from 'styled-components';
import { MIN_TOUCH_TARGET_PX, MOBILE_TAB_BAR_HEIGHT_PX } from './mobileShellMetrics';

/**
 * How the site-wide surfaces outside the routes sit on a phone, rendered by MobileLayout, so on
 * /h5 only and at no cost to the desktop site's first visit (this is the mobile chunk):
 * - the login modal (`<Dialog presentation="sheet">`) is a full-screen sheet, clear of the notch
 *   and the home bar, its close button a 44 px target;
 * - the goal popups span the screen less 8 px margins, just above the bottom tab bar;
 * - the home page's widgets stand in one column (the room each keeps while it loads is the
 *   grid's own rule, pages/HomePage.tsx, on both sites).
 * The hooks are the surfaces' own attributes (feedback/DialogFrame.tsx's data-presentation, the
 * goal list's and the home grid's data-testid), named in mobile/README.md.
 */
export const MobileShellStyle = createGlobalStyle`
  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  [data-testid='dialog-backdrop'][data-presentation='sheet'] {
    padding: 0;
  }

  [data-presentation='sheet'] > [role='dialog'] {
    box-sizing: border-box;
    width: 100%;
    max-width: none;
    height: 100%;
    max-height: none;
    border-radius: 0;
    box-shadow: none;
    padding: calc(16px + env(safe-area-inset-top)) calc(16px + env(safe-area-inset-right)) calc(24px + env(safe-area-inset-bottom)) calc(16px + env(safe-area-inset-left));
  }

  [data-presentation='sheet'] > [role='dialog'] > [data-dialog-close] {
    top: calc(8px + env(safe-area-inset-top));
    right: calc(8px + env(safe-area-inset-right));
    width: ${MIN_TOUCH_TARGET_PX}px;
    height: ${MIN_TOUCH_TARGET_PX}px;
  }

  section[data-testid='goal-alerts'] {
    left: calc(8px + env(safe-area-inset-left));
    right: calc(8px + env(safe-area-inset-right));
    bottom: calc(${MOBILE_TAB_BAR_HEIGHT_PX + 8}px + env(safe-area-inset-bottom));
    width: auto;
    max-width: none;
  }

  section[data-testid='goal-alerts'] button {
    width: ${MIN_TOUCH_TARGET_PX}px;
    height: ${MIN_TOUCH_TARGET_PX}px;
    margin: -8px -8px -8px auto;
  }

  [data-testid='home-widgets'] {
    grid-template-columns: minmax(0, 1fr);
    gap: 12px;
  }
`;

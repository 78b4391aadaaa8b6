import { onDemand } from '../app/onDemand';

/**
 * The dialogs' frame (DialogFrame.tsx: the panel, its focus trap and focus return), a chunk of its
 * own (issue 38: the first visit's bytes): no first screen shows a dialog. Fetched on intent: the
 * page's first press (pointer down, touch, key: `preloadDialogFrameOnFirstPress`, mounted by
 * FeedbackHost) comes before the click that opens a dialog, and the 登录 button pointed at fetches
 * it with the login form. A dialog opened before it is here (a bus event with no press, e.g. a
 * session ended elsewhere) shows when it arrives, tens of ms later. Unit tests load it first
 * (layout/testing/setupTests.ts), so dialogs render as they do once loaded.
 */
export const dialogFrame = onDemand(() => import(/* webpackChunkName: "dialog-frame" */ './DialogFrame'));

/** Fetches the frame at the page's first press; answers the uninstall. */
export function preloadDialogFrameOnFirstPress(target: EventTarget = document): () => void {
  const events = ['pointerdown', 'touchstart', 'keydown'] as const;
  const uninstall = () => {
    for (const type of events) target.removeEventListener(type, onPress, { capture: true });
  };
  function onPress() {
    uninstall();
    dialogFrame.preload();
  }
  for (const type of events) target.addEventListener(type, onPress, { passive: true, capture: true });
  return uninstall;
}

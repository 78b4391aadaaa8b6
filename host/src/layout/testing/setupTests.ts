import { afterEach, beforeAll } from 'vitest';
import { dialogFrame } from '../../feedback/dialogFrameOnDemand';
import { clearCookies } from './cookies';
import { installPointerEventPolyfill } from './pointerEventPolyfill';
import { restoreStubbedProperties } from './stubProperty';

installPointerEventPolyfill();

// The dialogs' frame is a chunk fetched on demand (feedback/dialogFrameOnDemand.ts): loaded before
// each file, as on a page after its first press, so dialogs open in the render that opens them.
beforeAll(() => dialogFrame.load());

// After @sports/shared/testing/domTestSetup's unmount and localStorage clean-up: the host's
// own state a test can leave behind.
afterEach(() => {
  restoreStubbedProperties();
  clearCookies();
  window.history.replaceState(null, '', '/');
});

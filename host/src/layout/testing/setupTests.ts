import { afterEach } from 'vitest';
import { clearCookies } from './cookies';
import { installPointerEventPolyfill } from './pointerEventPolyfill';
import { restoreStubbedProperties } from './stubProperty';

installPointerEventPolyfill();

// After @sports/shared/testing/domTestSetup's unmount and localStorage clean-up: the host's
// own state a test can leave behind.
afterEach(() => {
  restoreStubbedProperties();
  clearCookies();
  window.history.replaceState(null, '', '/');
});

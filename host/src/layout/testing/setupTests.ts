import { afterEach } from 'vitest';
import { clearCookies } from './cookies';
import { installPointerEventPolyfill } from './pointerEventPolyfill';

installPointerEventPolyfill();

// After @sports/shared/testing/domTestSetup's unmount and localStorage clean-up: the host's
// own state a test can leave behind.
afterEach(() => {
  clearCookies();
  window.history.replaceState(null, '', '/');
});

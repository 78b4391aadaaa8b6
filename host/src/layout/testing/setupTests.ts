import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearCookies } from './cookies';
import { installPointerEventPolyfill } from './pointerEventPolyfill';

installPointerEventPolyfill();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  clearCookies();
  window.history.replaceState(null, '', '/');
});

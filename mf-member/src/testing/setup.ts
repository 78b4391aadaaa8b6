import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Imported first by every test file: vitest runs without globals, so Testing Library cannot
// register its own cleanup; saved settings (userInfo) must not leak between tests.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

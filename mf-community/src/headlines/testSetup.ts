import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Imported first by the headlines' test files: vitest runs without globals, so Testing Library
// cannot register its own cleanup; a saved session (userInfo) must not leak between tests.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useFakeLiveSocket } from './fakeLiveSocket';

// Imported first by every test file: vitest runs without globals, so Testing Library cannot
// register its own cleanup; saved settings must not leak between tests either.
useFakeLiveSocket();
afterEach(() => {
  cleanup();
  localStorage.clear();
});

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

/**
 * The DOM test set-up every front-end package's vitest config names in `setupFiles` (through the
 * preset, ./vitestPreset.js), so no test file has to remember it:
 * - `findBy…`/`waitFor` wait up to 10 s: pages and widgets load lazily, and on a 2-core CI machine
 *   that also runs the server's suite a first render can take longer than Testing Library's
 *   default 1 s (5 s timed out there); a wait that succeeds returns as soon as it does;
 * - vitest runs without globals, so Testing Library cannot register its own cleanup: every test
 *   unmounts what it rendered, and saved settings (localStorage) do not leak into the next one;
 * - the preset runs a package's files one after another in the same jsdom (`isolate: false`,
 *   which saves a jsdom and the module imports per file): when a file ends, what a file may
 *   leave in that window is put back as a fresh one has it: real timers, no stubbed global, empty
 *   storage, the page at `/`.
 */
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

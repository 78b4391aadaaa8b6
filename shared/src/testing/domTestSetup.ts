import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * The DOM test set-up every front-end package's vitest config names in `setupFiles`
 * (`@sports/shared/testing/domTestSetup`), so no test file has to remember it:
 * - `findBy…`/`waitFor` wait up to 5 s: pages and widgets load lazily, and on a loaded 2-core CI
 *   machine the first render of a file can take longer than Testing Library's default 1 s;
 * - vitest runs without globals, so Testing Library cannot register its own cleanup: every test
 *   unmounts what it rendered, and saved settings (localStorage) do not leak into the next one.
 */
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

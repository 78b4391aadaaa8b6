import { useFakeLiveSocket } from './fakeLiveSocket';

// mf-scores' setup file (vitest.config.ts `setupFiles`, after the preset's
// @sports/shared/testing/domTestSetup, which unmounts and clears localStorage after every test):
// every file's pages get FakeLiveSockets, which open by themselves, and each test starts with none.
// A setup file runs again for every test file; a module a test file imports may be evaluated only
// once per worker when files share modules, and would then register its afterEach only once.
useFakeLiveSocket();

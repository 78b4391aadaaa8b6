// Loaded by main.js (index.ts) on /h5 only, before the async boundary resolves: no value import of
// a shared module here (TOOLCHAIN.md pitfall 2).
import { registerShellWorker } from './registerShellWorker';

// The layout's chunk starts now, beside the app's, so the first route renders without waiting for
// it (RouteScreen imports the same chunk lazily).
void import(/* webpackChunkName: "mobile-layout" */ './MobileLayout').catch(() => undefined);

// The service worker once the page has loaded: its precache never competes with the first render.
if (document.readyState === 'complete') void registerShellWorker();
else window.addEventListener('load', () => void registerShellWorker(), { once: true });

import { registerGlobalPlugins, registerPlugins } from '@module-federation/enhanced/runtime';
import { exposedModuleOfRoute, preloadRemote, readInlineAssignments, remotesOfRoute, warmScripts } from './federation/inlineAssignments';
import { firstScreenScripts } from './federation/firstScreenScripts';
import { readInlineManifests } from './federation/inlineManifests';
import { trustedSingletonsPlugin } from './federation/trustedSingletonsPlugin';
import { exposeKeyOf, warmedExposesPlugin } from './federation/warmedExposesPlugin';
import { appBodyWidth } from './narrowScreen';
import { shellOfPath, shellRedirectFor } from './siteShell';

// One build, two shells: /web/ (desktop) and /h5/ (mobile). A page on the wrong shell for its
// width goes to the same hash route on the other before the app loads (the layouts still send a
// window resized later, useShellWidthRedirect): it downloads and runs none of the site's code.
const shell = shellOfPath(window.location.pathname);
const redirect = shellRedirectFor(shell, appBodyWidth(), window.location.hash);
if (redirect !== null) window.location.replace(redirect);
else start();

function start(): void {
  // The mobile shell's layout and service worker (mobile/README.md), fetched beside the app; the
  // desktop site never loads them.
  if (shell === 'mobile') void import(/* webpackChunkName: "mobile-start" */ './mobile/startMobileShell').catch(() => undefined);

  // The page carries the visitor's assignments (server/src/site/visitorPage.ts): the releases the
  // route shown needs start loading now, while the shared singletons and the shell still load.
  const inlineAssignments = readInlineAssignments();
  // With the releases inlined too, the route's exposed module and its page's (or widgets') chunks
  // start loading as well (federation/firstScreenScripts.ts).
  const inlineManifests = readInlineManifests();
  const warmedExposes = new Set<string>();
  if (inlineAssignments) {
    for (const remote of remotesOfRoute(inlineAssignments, window.location.hash)) {
      const manifestUrl = new URL(remote.manifestUrl, document.baseURI).href;
      const release = inlineManifests.get(manifestUrl);
      preloadRemote(remote, document, release !== undefined);
      if (release) {
        warmScripts(firstScreenScripts(remote, release, manifestUrl, window.location.hash));
        warmedExposes.add(exposeKeyOf(remote.name, exposedModuleOfRoute(window.location.hash)));
      }
    }
  }
  // Before the shared singletons resolve: the host's runtime now, each remote's container as it
  // is created (global plugins). One job each (federation/*Plugin.ts).
  const plugins = [trustedSingletonsPlugin(), warmedExposesPlugin(warmedExposes)];
  registerGlobalPlugins(plugins);
  registerPlugins(plugins);

  // Async boundary (TOOLCHAIN.md pitfall 2): the shared singletons resolve before the app runs.
  // In a task of its own: resolving them (the federation runtime's share scope) and asking for
  // the app's chunks is as long again as evaluating main.js, and one task of both kept a phone's
  // main thread blocked for twice as long (issue 17: blocking time). The preloads above are out.
  setTimeout(() => void startApp(), 0);
}

/**
 * react-dom first, evaluated in a task of its own, then the shell (bootstrap.tsx: its modules, the
 * session requests, the first render). Evaluated together when the last of their chunks arrived,
 * they were one task of 165-290 ms at Lighthouse's 4x CPU (issue 17: blocking time). The page
 * preloads both chunks (server/src/site/hostBootPreloads.ts), so the second import waits for no
 * download it would not have waited for.
 */
async function startApp(): Promise<void> {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await import('./bootstrap');
}

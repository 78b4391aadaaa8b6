import { preloadRemote, readInlineAssignments, remotesOfRoute } from './federation/inlineAssignments';
import { MOBILE_SITE_URL, appBodyWidth, isNarrowScreen } from './narrowScreen';

// A phone goes to the mobile site before the app loads (the layout still sends a window
// narrowed later, useNarrowScreenRedirect): it downloads and runs none of the site's code.
const narrow = isNarrowScreen(appBodyWidth());
if (narrow) window.location.replace(MOBILE_SITE_URL);
else start();

function start(): void {
  // The page carries the visitor's assignments (server/src/site/visitorPage.ts): the releases the
  // route shown needs start loading now, while the shared singletons and the shell still load.
  const inlineAssignments = readInlineAssignments();
  if (inlineAssignments) for (const remote of remotesOfRoute(inlineAssignments, window.location.hash)) preloadRemote(remote);

  // Async boundary (TOOLCHAIN.md pitfall 2): the shared singletons resolve before the app runs.
  void import('./bootstrap');
}

import { preloadRemote, readInlineAssignments, remotesOfRoute } from './federation/inlineAssignments';

// The page carries the visitor's assignments (server/src/site/visitorPage.ts): the releases the
// route shown needs start loading now, while the shared singletons and the shell still load.
const inlineAssignments = readInlineAssignments();
if (inlineAssignments) for (const remote of remotesOfRoute(inlineAssignments, window.location.hash)) preloadRemote(remote);

// Async boundary (TOOLCHAIN.md pitfall 2): the shared singletons resolve before the app runs.
void import('./bootstrap');

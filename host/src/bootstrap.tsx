import { registerPlugins } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { preloadComponent, type RemoteRoutesModule } from '@sports/shared';
import { App } from './app/App';
import { createHostServices } from './app/createHostServices';
import { loadSystemConfig, refreshSavedUser } from './app/startPageSession';
import { routeShows } from '@sports/shared/routePaths';
import { readInlineAssignments } from './federation/inlineAssignments';
import { inlineManifestsPlugin, readInlineManifests } from './federation/inlineManifests';
import { RemoteAssignments } from './federation/remoteAssignments';
import { devAssignmentsOf, devRoutesApi } from './federation/devRemoteOverride';
import { prefetchOnIntent } from './federation/prefetchOnIntent';
import { prefetchRoutesWhenIdle } from './federation/prefetchRoutesWhenIdle';
import { RemoteModuleLoader } from './federation/remoteModuleLoader';

// The releases' manifests the page carries are read from it, not fetched (federation/inlineManifests.ts).
registerPlugins([inlineManifestsPlugin(readInlineManifests())]);

const services = createHostServices();
const inlineAssignments = readInlineAssignments();
// `pnpm dev:remote`: a page with a dev remote asks again, reading that remote's routes from its dev server (federation/devRemoteOverride.ts).
const assignments =
  devAssignmentsOf(inlineAssignments).length > 0 ? new RemoteAssignments(devRoutesApi(services.api)) : new RemoteAssignments(services.api, undefined, inlineAssignments);
const loader = new RemoteModuleLoader(assignments);

// The page renders at once: the host's routes right away, the remotes' routes and home widgets
// with the assignments the server inlined in the page (else when they arrive, asked now), the title when the config
// does. A failure of either leaves the host's pages working (the remotes' parts show a retry).
void assignments.ensureLoaded().catch(() => undefined);
void loadSystemConfig(services).catch(() => undefined);
void refreshSavedUser(services).catch(() => undefined);

// A link to a remote's page hovered, focused or touched: its pages start loading before the click.
prefetchOnIntent(
  document,
  () => {
    const state = assignments.state();
    return state.status === 'loaded' ? state.remotes : null;
  },
  (remote, path) =>
    loader.load<RemoteRoutesModule>(remote, 'routes').then((module) => {
      const route = module.routes.find((candidate) => routeShows(candidate.path, path));
      return route && preloadComponent(route.load);
    }),
);

// The remotes whose widgets the page shows: their ./routes at idle, so a cold click loads one chunk less.
prefetchRoutesWhenIdle(loader);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// Not a transition. Made one on 1 Dec (sliced: no long task for the whole first render), a full
// CI run then saw the home page's widgets stay 加载中… for more than 10 s on a starved CPU
// (routeOwnership), and it was undone: a sliced render may be restarted by every transition that
// comes in meanwhile (remote modules, data, the live board's frames). The shell's events emitted
// before its listeners mount are kept for them (feedback/holdUnheardShellEvents.ts). The parts that
// arrive later (remote modules, data) are transitions (useRemoteModule, useLoadedComponent, useLoad).
createRoot(rootElement).render(<App services={services} assignments={assignments} loader={loader} />);

import { createApiClient, createEventBus, createSportsStore, type RemoteContext } from '@sports/shared';
import { holdUnheardShellEvents } from '../feedback/holdUnheardShellEvents';
import { navigateInSite } from '../routes/hashLocation';

/**
 * The page's one store, bus and API client. The token is an HttpOnly cookie the browser sends
 * by itself, so the page never reads or keeps it (no getToken here).
 */
export function createHostServices(): RemoteContext {
  const store = createSportsStore();
  // What the session check says before the shell's listeners mount is kept for them (holdUnheardShellEvents.ts).
  const eventBus = holdUnheardShellEvents(createEventBus());
  const api = createApiClient({ baseURL: '/', eventBus, store });
  return {
    store,
    eventBus,
    api,
    navigate: (to, options) => {
      if (options?.newTab) {
        window.open(`${window.location.pathname}#${to}`, '_blank', 'noopener');
        return;
      }
      navigateInSite(to, options);
    },
  };
}

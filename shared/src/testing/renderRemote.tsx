import { render, type RenderResult } from '@testing-library/react';
import type { ApiClient } from '../api/createApiClient';
import type { RemoteContext, RemoteRouteDefinition, RemoteWidgetDefinition } from '../contract/remoteContract';
import { createEventBus } from '../events/eventBus';
import { RemoteRoot } from '../remoteKit/RemoteRoot';
import { RoutePageOutlet } from '../remoteKit/RoutePageOutlet';
import { useLoadedComponent } from '../remoteKit/loadedComponent';
import { createSportsStore } from '../store/createSportsStore';

/**
 * For remotes' unit tests: a RemoteContext whose API answers from `answers` by path (unit
 * tests only; end-to-end tests drive the real server). A path with no answer rejects like a
 * network failure.
 */
export function createTestContext(answers: Record<string, unknown> = {}): RemoteContext & { calls: { path: string; params?: unknown }[] } {
  const calls: { path: string; params?: unknown }[] = [];
  const answer = async (path: string, params?: unknown) => {
    calls.push({ path, params });
    if (!(path in answers)) throw new Error(`no answer for ${path}`);
    const value = answers[path];
    if (value instanceof Error) throw value;
    return value;
  };
  const api = { get: answer, post: answer, request: answer, envelope: answer } as unknown as ApiClient;
  return { store: createSportsStore(), eventBus: createEventBus(), api, navigate: () => undefined, calls };
}

export function renderRemotePage(routes: RemoteRouteDefinition[], path: string, query: Record<string, string> = {}, context = createTestContext()): RenderResult {
  return render(
    <RemoteRoot context={context}>
      <RoutePageOutlet routes={routes} location={{ path, query }} context={context} />
    </RemoteRoot>,
  );
}

export function renderRemoteWidget(widgets: RemoteWidgetDefinition[], id: string, context = createTestContext()): RenderResult {
  const definition = widgets.find((widget) => widget.id === id);
  if (!definition) throw new Error(`no widget ${id}`);
  return render(
    <RemoteRoot context={context}>
      <LoadedWidget definition={definition} context={context} />
    </RemoteRoot>,
  );
}

function LoadedWidget({ definition, context }: { definition: RemoteWidgetDefinition; context: RemoteContext }) {
  const Widget = useLoadedComponent(definition.load);
  return Widget ? <Widget context={context} /> : null;
}

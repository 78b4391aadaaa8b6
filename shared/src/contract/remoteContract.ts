import type { ComponentType } from 'react';
import type { ApiClient } from '../api/createApiClient';
import type { PlatformEventBus } from '../events/eventBus';
import type { SportsStore } from '../store/createSportsStore';

export interface NavigateOptions {
  replace?: boolean;
  /** Open in a new browser tab (the search box does this). */
  newTab?: boolean;
}

/**
 * Everything the host hands a remote, explicitly (DESIGN.md section 3): no hidden globals.
 * Remotes read and write state through `store` with the atoms of @sports/shared.
 */
export interface RemoteContext {
  store: SportsStore;
  eventBus: PlatformEventBus;
  api: ApiClient;
  /** Navigate inside the site, e.g. navigate('/live?id=3'). */
  navigate: (to: string, options?: NavigateOptions) => void;
}

/** Where a page is rendered: its route path (no leading slash) and the hash query. */
export interface RouteLocation {
  path: string;
  query: Record<string, string>;
}

export interface RemotePageProps {
  context: RemoteContext;
  location: RouteLocation;
}

export interface RemoteRouteDefinition {
  /** Route path without the leading slash, as in the host's route table (e.g. 'base-football'). */
  path: string;
  /** Loaded when the route is first visited, so a remote's pages split into their own chunks. */
  load: () => Promise<{ default: ComponentType<RemotePageProps> }>;
}

/** What `<remote>/routes` exports. */
export interface RemoteRoutesModule {
  routes: RemoteRouteDefinition[];
}

export interface RemoteWidgetProps {
  context: RemoteContext;
}

export interface RemoteWidgetDefinition {
  /** Stable id the host composes by, e.g. 'hotMatches'. */
  id: string;
  load: () => Promise<{ default: ComponentType<RemoteWidgetProps> }>;
}

/** What `<remote>/widgets` exports. */
export interface RemoteWidgetsModule {
  widgets: RemoteWidgetDefinition[];
}

/** Props a parcel receives when mounted (by the host or by a squad's own harness). */
export interface RemoteParcelProps {
  context: RemoteContext;
  /** Which page of the remote to show, as in its routes. */
  location: RouteLocation;
}

/** What `<remote>/parcel` exports: single-spa lifecycles made with single-spa-react. */
export interface RemoteParcelModule {
  bootstrap: (props: RemoteParcelProps) => Promise<unknown>;
  mount: (props: RemoteParcelProps) => Promise<unknown>;
  unmount: (props: RemoteParcelProps) => Promise<unknown>;
  update?: (props: RemoteParcelProps) => Promise<unknown>;
}

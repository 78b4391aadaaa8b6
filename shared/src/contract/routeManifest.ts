import type { FirstScreenCall } from '../api/firstScreenData';
import type { RemoteName } from './remoteNames';

/**
 * A remote owns its routes (DESIGN.md section 3, issue 16): each release carries a route
 * manifest, written by its squad in `src/routeManifest.json` and emitted by the build beside
 * mf-manifest.json as `route-manifest.json`. The control plane checks it before the release can
 * take traffic and hands it to the host with the visitor's assignments (`GET /api/mf/remotes`),
 * so the host builds its router and home page from the releases this visitor gets: a new screen
 * ships with its remote, without a host release.
 */

/** The file a remote's build emits beside mf-manifest.json. */
export const ROUTE_MANIFEST_FILE = 'route-manifest.json';

/** The form of `route-manifest.json` this code reads; a release of another form is refused. */
export const ROUTE_MANIFEST_SCHEMA_VERSION = 1;

/** Top-nav indexes (SPEC.md section 2): 0 home … 9 intelligence; null highlights nothing. */
export const NAV_INDEX_MAX = 9;

/** The most room (CSS px) a widget may ask the home page to keep for it while it loads (WidgetMeta.phoneHeight). */
export const MAX_WIDGET_PHONE_HEIGHT = 3000;

/** Where a widget can be placed. 'home': the home page's grid (#/main). */
export const WIDGET_SLOTS = ['home'] as const;
export type WidgetSlot = (typeof WIDGET_SLOTS)[number];

/** Everything the shell needs about one route before the remote's code arrives. */
export interface RouteMeta {
  /** Hash path without the leading slash: '#/base-football' has path 'base-football'. */
  path: string;
  /** Route title; document.title = title + the site title suffix of the system config. */
  title: string;
  /** Which top-nav item is highlighted (SPEC.md section 2); null where none is. 2 or 3 show the left menu. */
  navIndex: number | null;
  /** The header hides when scrolled beyond 60 px (SPEC.md section 2: main, football, basketball). */
  hidesHeaderOnScroll?: boolean;
  /** A guest who opens it is asked to log in (the login modal) before the page is of use. */
  requiresLogin?: boolean;
  /**
   * On the phone site (/h5) the page takes the whole screen: no bottom tab bar and no side margins
   * (a live room: the player edge to edge, its chat below; the header's back button leads out).
   */
  immersiveOnPhone?: boolean;
  /**
   * The GET calls this route's first screen makes, started by the page before its JavaScript
   * arrives (api/firstScreenData.ts). List only calls the page's code really makes, with the same
   * query: a call the code does not make is a wasted request on every first visit.
   */
  firstScreenData?: FirstScreenCall[];
}

/** A piece of a remote that another page composes, and where. */
export interface WidgetMeta {
  /** The id in the remote's `./widgets` (e.g. 'hotMatches'). */
  id: string;
  slot: WidgetSlot;
  /** Position in its slot, lowest first, across every remote's widgets (ties: by remote name). */
  order: number;
  /**
   * CSS px the widget takes on a phone (the mobile site, about 400 px wide) with its full count
   * of items. The home page keeps that room for it while its code and data load, so what is below
   * does not jump down when it arrives (layout shift, issues 17 and 38): on a phone, and on /web
   * too, whose grid columns (300 px and more) are about a phone's width. Omitted: no room kept.
   */
  phoneHeight?: number;
  /**
   * The widget is a row: on a wide screen (/web) the home grid gives it the grid's whole width
   * from the moment its area is placed, before its code arrives, so the widgets after it are
   * placed where they stay (a row that widened on arrival moved every widget after it).
   */
  wide?: boolean;
  /** The GET calls this widget makes on its first render, started early on the home page (as RouteMeta's). */
  firstScreenData?: FirstScreenCall[];
  /**
   * A widget placed below the first screen (a row after the grid's first): its code and data load
   * when its area comes near the screen (NEAR_SCREEN_MARGIN_PX), not on the first visit. Its
   * scripts are not warmed, and it declares no `firstScreenData` (the control plane refuses both).
   * Where a screen is tall enough to show it at once, it loads at once.
   */
  loadNearScreen?: boolean;
}

/** How close (CSS px below the screen) a `loadNearScreen` widget's area comes before it loads. */
export const NEAR_SCREEN_MARGIN_PX = 200;

/** What a squad writes in its remote's `src/routeManifest.json`. */
export interface RouteManifestDeclaration {
  routes: RouteMeta[];
  widgets: WidgetMeta[];
}

/** What the build emits as `route-manifest.json` (the declaration, stamped with its remote). */
export interface RouteManifest extends RouteManifestDeclaration {
  schemaVersion: typeof ROUTE_MANIFEST_SCHEMA_VERSION;
  remote: RemoteName;
}

/**
 * The routes the host keeps for itself (the shell's own pages): no remote may claim them. The
 * host's route table (host/src/routes/routeTable.ts) declares exactly these.
 */
export const HOST_ROUTE_PATHS = ['main', 'login', 'dome', 'demo', 'new_file', 'ops', '404', 'about', 'contact', 'terms', 'privacy', 'messages'] as const;
export type HostRoutePath = (typeof HOST_ROUTE_PATHS)[number];

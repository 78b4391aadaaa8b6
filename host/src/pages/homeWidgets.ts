import type { RemoteAssignment, RemoteName } from '@sports/shared';

/** One widget of the home page's grid: which remote, which of its `./widgets`. */
export interface HomeWidget {
  remote: RemoteName;
  widget: string;
  /** The room it asks for on a phone while it loads (WidgetMeta.phoneHeight), if any. */
  phoneHeight?: number;
  /** A row: the whole width of the grid on /web (WidgetMeta.wide). */
  wide?: boolean;
  /** Loads when its area comes near the screen (WidgetMeta.loadNearScreen). */
  loadNearScreen?: boolean;
}

/**
 * The home page's widgets for this visitor: every assigned release's widgets of slot 'home', by
 * `order`, then by remote name (the contract's tie rule), then by id so the page never shuffles.
 */
export function homeWidgetsOf(remotes: readonly RemoteAssignment[]): HomeWidget[] {
  const placed = remotes.flatMap((assignment) =>
    (Array.isArray(assignment.widgets) ? assignment.widgets : [])
      .filter((meta) => meta.slot === 'home')
      .map((meta) => ({ remote: assignment.name, widget: meta.id, order: meta.order, phoneHeight: meta.phoneHeight, wide: meta.wide, loadNearScreen: meta.loadNearScreen })),
  );
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  placed.sort((a, b) => a.order - b.order || byText(a.remote, b.remote) || byText(a.widget, b.widget));
  return placed.map(({ remote, widget, phoneHeight, wide, loadNearScreen }) => ({ remote, widget, phoneHeight, wide, loadNearScreen }));
}

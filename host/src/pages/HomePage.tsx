import { useMemo } from 'react';
import styled from 'styled-components';
import { PageLoading, type RemoteAssignment } from '@sports/shared';
import { AssignmentsUnavailable } from '../remotes/AssignmentsUnavailable';
import { useRemoteAssignments } from '../remotes/RemoteAssignmentsContext';
import { RemoteWidget } from '../remotes/RemoteWidget';
import { WIDGET_PHONE_HEIGHT_VARIABLE } from '../remotes/widgetPhoneHeight';
import { ActivityStrip } from './ActivityStrip';
import { homeWidgetsOf } from './homeWidgets';
import { hostCopy } from './hostCopy';

/**
 * The widgets' grid. Nothing in it moves once placed (layout shift, issue 38), except by a
 * widget that turns out to have nothing to show:
 * - a row (为你推荐) is wide from its manifest (`data-wide`, WidgetMeta.wide), before its code
 *   arrives; a release without the flag still widens on arrival (`data-widget-wide` on its panel);
 *   the narrow widgets after a row fill the cells before it (dense flow), so a row never leaves
 *   a hole at the end of the row above it (the phone's one column is in DOM order anyway);
 * - a loading area keeps the room its manifest asks for (WidgetMeta.phoneHeight: the columns are
 *   about a phone's width), so the row it is in does not grow under the widgets below;
 * - an area whose widget shows nothing (no clips yet, no room live) takes no cell: no hole.
 */
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  grid-auto-flow: row dense;
  gap: 16px;

  & > [data-widget-area][data-wide],
  & > [data-widget-area]:has([data-widget-wide]) {
    grid-column: 1 / -1;
  }

  & > [data-widget-area]:has([data-loading]) {
    min-height: var(${WIDGET_PHONE_HEIGHT_VARIABLE}, auto);
  }

  & > [data-widget-area]:empty {
    display: none;
  }
`;

function HomeWidgetGrid({ remotes }: { remotes: readonly RemoteAssignment[] }) {
  const widgets = useMemo(() => homeWidgetsOf(remotes), [remotes]);
  return (
    <Grid data-testid="home-widgets">
      {widgets.map(({ remote, widget, phoneHeight, wide, loadNearScreen }) => (
        <RemoteWidget key={`${remote}/${widget}`} remote={remote} widget={widget} phoneHeight={phoneHeight} wide={wide} loadNearScreen={loadNearScreen} />
      ))}
    </Grid>
  );
}

/**
 * The home page: the activity banners active now (host-owned: ops content from the host's ops
 * console, shown even when a remote fails), then the 'home' widgets of the visitor's releases in
 * their declared order. Each widget loads in its own contained area, so none waits for another;
 * while the assignments are asked the grid shows loading, and when the control plane cannot be
 * reached a retry in its place.
 */
export function HomePage() {
  const { state, retry } = useRemoteAssignments();
  return (
    <section aria-label={hostCopy.homeLabel}>
      <ActivityStrip />
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'failed' && <AssignmentsUnavailable onRetry={retry} />}
      {state.status === 'loaded' && <HomeWidgetGrid remotes={state.remotes} />}
    </section>
  );
}

import { useMemo } from 'react';
import styled from 'styled-components';
import { PageLoading, type RemoteAssignment } from '@sports/shared';
import { AssignmentsUnavailable } from '../remotes/AssignmentsUnavailable';
import { useRemoteAssignments } from '../remotes/RemoteAssignmentsContext';
import { RemoteWidget } from '../remotes/RemoteWidget';
import { ActivityStrip } from './ActivityStrip';
import { homeWidgetsOf } from './homeWidgets';
import { hostCopy } from './hostCopy';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: 16px;

  /* A widget that is a row (为你推荐: data-widget-wide on its panel) takes the grid's whole width. */
  & > [data-widget-area]:has([data-widget-wide]) {
    grid-column: 1 / -1;
  }
`;

function HomeWidgetGrid({ remotes }: { remotes: readonly RemoteAssignment[] }) {
  const widgets = useMemo(() => homeWidgetsOf(remotes), [remotes]);
  return (
    <Grid data-testid="home-widgets">
      {widgets.map(({ remote, widget, phoneHeight }) => (
        <RemoteWidget key={`${remote}/${widget}`} remote={remote} widget={widget} phoneHeight={phoneHeight} />
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

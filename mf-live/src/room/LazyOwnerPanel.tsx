import { PageLoading, useLoadedComponent } from '@sports/shared';
import type { OwnerPanelProps } from './OwnerPanel';

/**
 * The owner's console (push address, stream health, cover, category, schedules, admins) is a
 * chunk of its own, fetched only when a room's owner opens it: about 18 KB of code that no viewer
 * runs left the room's chunk (issue 17: a phone's first load of a room). A failed load goes to the
 * page's error boundary, as a page's own code does.
 */
const loadOwnerPanel = () => import(/* webpackChunkName: "owner-console" */ './OwnerPanel').then((module) => ({ default: module.OwnerPanel }));

export function LazyOwnerPanel(props: OwnerPanelProps) {
  const OwnerPanel = useLoadedComponent(loadOwnerPanel);
  return OwnerPanel ? <OwnerPanel {...props} /> : <PageLoading />;
}

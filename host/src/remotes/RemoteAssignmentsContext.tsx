import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { AssignmentsState, RemoteAssignments } from '../federation/remoteAssignments';

/** The page's one RemoteAssignments, made in bootstrap (the loader asks the same one). */
export const RemoteAssignmentsContext = createContext<RemoteAssignments | null>(null);

export function useRemoteAssignmentsSource(): RemoteAssignments {
  const assignments = useContext(RemoteAssignmentsContext);
  if (!assignments) throw new Error('useRemoteAssignments must be used inside <RemoteAssignmentsContext.Provider>');
  return assignments;
}

/**
 * The visitor's assignments as React state, with a retry for the failed state. Asks the control
 * plane if nobody has yet (bootstrap does, before the first render; RemoteAssignments keeps the
 * answer for the page's life).
 */
export function useRemoteAssignments(): { state: AssignmentsState; retry: () => Promise<void> } {
  const assignments = useRemoteAssignmentsSource();
  const state = useSyncExternalStore(assignments.subscribe, assignments.state);
  useEffect(() => {
    // A failure shows as the 'failed' state, whose retry asks again; not every mount does.
    if (assignments.state().status === 'loading') assignments.ensureLoaded().catch(() => undefined);
  }, [assignments]);
  const retry = () => assignments.refresh().catch(() => undefined);
  return { state, retry };
}

import type { ApiClient, RemoteAssignment, RemoteName } from '@sports/shared';

/** `?mf_override=<signed token>` on the page's address (from `pnpm mf override` or the ops page): a QA override for this browser. */
export const OVERRIDE_QUERY_PARAMETER = 'mf_override';

/**
 * Where the answer stands. 'loading' until the first answer (also before anyone asked);
 * 'failed' when the control plane could not be asked and no answer was had before.
 */
export type AssignmentsState =
  | { status: 'loading' }
  | { status: 'loaded'; remotes: readonly RemoteAssignment[] }
  | { status: 'failed'; error: Error };

const LOADING: AssignmentsState = { status: 'loading' };

/**
 * Which release of each remote this visitor loads, as the server's control plane answered
 * (`GET /api/mf/remotes`), with each release's routes and widgets. Known only at run time: the
 * host's build names no remote. Asked once per full page load, so a change of assignment never
 * swaps code mid-session. Observable (`state` + `subscribe`, the shape of React's
 * useSyncExternalStore): the router and the home page are built from the answer.
 */
export class RemoteAssignments {
  private byName = new Map<RemoteName, RemoteAssignment>();
  private loading: Promise<void> | null = null;
  private current: AssignmentsState = LOADING;
  private readonly listeners = new Set<() => void>();

  /**
   * `initial`: the answer the server inlined in the page for this visitor (inlineAssignments.ts),
   * taken as the first answer: the first render already knows the remotes. A retry asks again.
   */
  constructor(
    private readonly api: ApiClient,
    private readonly pageSearch: () => string = () => window.location.search,
    initial: readonly RemoteAssignment[] | null = null,
  ) {
    if (initial) {
      this.byName = new Map(initial.map((assignment) => [assignment.name, assignment]));
      this.current = { status: 'loaded', remotes: initial };
      this.loading = Promise.resolve();
    }
  }

  /** Fetches the assignments once; after a failure the next call asks again. */
  ensureLoaded(): Promise<void> {
    if (!this.loading) {
      this.loading = this.fetch();
      this.loading.catch(() => (this.loading = null));
    }
    return this.loading;
  }

  /** Asks the control plane again (a retry after a failure). */
  refresh(): Promise<void> {
    this.loading = null;
    return this.ensureLoaded();
  }

  get(remote: RemoteName): RemoteAssignment | undefined {
    return this.byName.get(remote);
  }

  /**
   * The page runs `remote`'s fallback now (remoteModuleLoader.ts: its assigned candidate or
   * override failed to load): from here on the assignment is that stable release, with the routes
   * and widgets it carries, so the router and the home page are built from the release that runs.
   * The fallback owns its routes: a path only the failed release declared is no longer this
   * remote's (the stable cannot show it), a path only the stable has is. Nothing happens when the
   * assignment has no fallback; a fallback without routes (an older control plane) keeps the
   * assigned release's routes and widgets, as before.
   */
  fellBack(remote: RemoteName): void {
    const assignment = this.byName.get(remote);
    if (this.current.status !== 'loaded' || !assignment?.fallback) return;
    const { fallback } = assignment;
    const stable: RemoteAssignment = {
      name: assignment.name,
      version: fallback.version,
      manifestUrl: fallback.manifestUrl,
      channel: 'stable',
      routes: fallback.routes ?? assignment.routes,
      widgets: fallback.widgets ?? assignment.widgets,
    };
    this.byName.set(remote, stable);
    this.setState({ status: 'loaded', remotes: this.current.remotes.map((candidate) => (candidate.name === remote ? stable : candidate)) });
  }

  /** The current state; the same object until it changes. */
  readonly state = (): AssignmentsState => this.current;

  /** Calls `listener` after every change of state; answers the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private async fetch(): Promise<void> {
    // Asking again after an answer (a remote's retry) keeps the answer showing meanwhile: the
    // router must not drop the page the visitor is on to show a loading state.
    if (this.current.status !== 'loaded') this.setState(LOADING);
    try {
      const override = new URLSearchParams(this.pageSearch()).get(OVERRIDE_QUERY_PARAMETER);
      const answer = await this.api.get<{ remotes: RemoteAssignment[] }>('api/mf/remotes', override === null ? undefined : { override });
      this.byName = new Map(answer.remotes.map((assignment) => [assignment.name, assignment]));
      this.setState({ status: 'loaded', remotes: answer.remotes });
    } catch (error) {
      if (this.current.status !== 'loaded') this.setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    }
  }

  private setState(next: AssignmentsState): void {
    if (next === this.current) return;
    this.current = next;
    for (const listener of [...this.listeners]) listener();
  }
}

import type { ApiClient, RemoteAssignment, RemoteName } from '@sports/shared';

/** `?mf_override=<signed token>` on the page's address (from `pnpm mf override` or the ops page): a QA override for this browser. */
export const OVERRIDE_QUERY_PARAMETER = 'mf_override';

/**
 * Which release of each remote this visitor loads, as the server's control plane answered
 * (`GET /api/mf/remotes`). Known only at run time: the host's build names no remote. Asked once
 * per full page load, so a change of assignment never swaps code mid-session.
 */
export class RemoteAssignments {
  private byName = new Map<RemoteName, RemoteAssignment>();
  private loading: Promise<void> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly pageSearch: () => string = () => window.location.search,
  ) {}

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

  private async fetch(): Promise<void> {
    const override = new URLSearchParams(this.pageSearch()).get(OVERRIDE_QUERY_PARAMETER);
    const answer = await this.api.get<{ remotes: RemoteAssignment[] }>('api/mf/remotes', override === null ? undefined : { override });
    this.byName = new Map(answer.remotes.map((assignment) => [assignment.name, assignment]));
  }
}

import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@sports/shared';
import type { RemoteAssignments } from './remoteAssignments';
import { reportRemoteFailure } from './reportRemoteFailure';

export type ExposedModule = 'routes' | 'widgets' | 'parcel';

export class RemoteUnavailableError extends Error {
  constructor(remote: RemoteName, reason: string) {
    super(`${remote}: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * Loads exposed modules of the remotes the control plane assigned. A failed load is reported
 * and forgotten, so `retry` registers the remote again (force: the MF runtime drops its cached
 * manifest, container and modules) and the next load fetches everything anew.
 */
export class RemoteModuleLoader {
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly registered = new Set<RemoteName>();

  constructor(private readonly assignments: RemoteAssignments) {}

  load<Module>(remote: RemoteName, exposed: ExposedModule): Promise<Module> {
    const key = `${remote}/${exposed}`;
    let loading = this.pending.get(key);
    if (!loading) {
      loading = this.loadFresh(remote, exposed);
      this.pending.set(key, loading);
      loading.catch(() => this.pending.delete(key));
    }
    return loading as Promise<Module>;
  }

  /** Forget everything about `remote` so the next load starts from its manifest. */
  async retry(remote: RemoteName): Promise<void> {
    for (const key of [...this.pending.keys()]) {
      if (key.startsWith(`${remote}/`)) this.pending.delete(key);
    }
    if (!this.assignments.get(remote)) await this.assignments.refresh().catch(() => undefined);
    if (this.assignments.get(remote)) this.register(remote, true);
  }

  versionOf(remote: RemoteName): string {
    return this.assignments.get(remote)?.version ?? 'unknown';
  }

  private register(remote: RemoteName, force: boolean): void {
    const assignment = this.assignments.get(remote);
    if (!assignment) throw new RemoteUnavailableError(remote, 'no release assigned');
    if (this.registered.has(remote) && !force) return;
    registerRemotes([{ name: remote, entry: assignment.manifestUrl }], { force });
    this.registered.add(remote);
  }

  private async loadFresh(remote: RemoteName, exposed: ExposedModule): Promise<unknown> {
    try {
      await this.assignments.ensureLoaded();
      this.register(remote, false);
      const loaded = await loadRemote(`${remote}/${exposed}`);
      if (!loaded) throw new RemoteUnavailableError(remote, `${exposed} did not load`);
      return loaded;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      reportRemoteFailure({ remote, version: this.versionOf(remote), phase: 'load', message });
      throw error;
    }
  }
}

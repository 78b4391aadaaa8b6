import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAssignment, RemoteName } from '@sports/shared';
import type { RemoteAssignments } from './remoteAssignments';
import { reportRemoteTelemetry } from './reportRemoteTelemetry';
import { whenPageIdle } from './whenPageIdle';

export type ExposedModule = 'routes' | 'widgets' | 'parcel';

export class RemoteUnavailableError extends Error {
  constructor(remote: RemoteName, reason: string) {
    super(`${remote}: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

/** One release's entry: its id and the URL of its mf-manifest.json. */
interface ReleaseEntry {
  version: string;
  manifestUrl: string;
}

/** Each entry is tried this many times (a second, forced attempt rides out a passing fault). */
const ATTEMPTS_PER_ENTRY = 2;

/** The assigned release first, then the stable one it may fall back to. */
function entriesOf(assignment: RemoteAssignment): ReleaseEntry[] {
  const assigned = { version: assignment.version, manifestUrl: assignment.manifestUrl };
  return assignment.fallback ? [assigned, assignment.fallback] : [assigned];
}

/**
 * Loads exposed modules of the releases the control plane assigned. A release that fails to
 * load is retried once, then the remote falls back to its stable release (a failing canary
 * never strands a visitor; the assignments then take the stable's routes and widgets:
 * RemoteAssignments.fellBack), then the caller shows the fallback view. Every failure is reported
 * with the release that failed, and the first good load of each remote as 'loaded'.
 */
export class RemoteModuleLoader {
  private readonly pending = new Map<string, Promise<unknown>>();
  /** The release each remote is registered with in the MF runtime right now. */
  private readonly active = new Map<RemoteName, ReleaseEntry>();
  private readonly reportedLoaded = new Set<RemoteName>();
  /** Remotes the MF runtime knows: registering one again must be forced to replace it. */
  private readonly registered = new Set<RemoteName>();

  private readonly loadedListeners = new Set<(remote: RemoteName, exposed: ExposedModule) => void>();

  constructor(private readonly assignments: RemoteAssignments) {}

  load<Module>(remote: RemoteName, exposed: ExposedModule): Promise<Module> {
    const key = `${remote}/${exposed}`;
    let loading = this.pending.get(key);
    if (!loading) {
      loading = this.loadWithFailover(remote, exposed);
      this.pending.set(key, loading);
      loading.then(
        () => {
          for (const listener of this.loadedListeners) listener(remote, exposed);
        },
        () => this.pending.delete(key),
      );
    }
    return loading as Promise<Module>;
  }

  /** Calls `listener` each time an exposed module loads for the first time; answers the unsubscribe. */
  onModuleLoaded(listener: (remote: RemoteName, exposed: ExposedModule) => void): () => void {
    this.loadedListeners.add(listener);
    return () => this.loadedListeners.delete(listener);
  }

  /** The fallback view's retry: forget `remote` and start again from its assigned release. */
  async retry(remote: RemoteName): Promise<void> {
    for (const key of [...this.pending.keys()]) {
      if (key.startsWith(`${remote}/`)) this.pending.delete(key);
    }
    if (!this.assignments.get(remote)) await this.assignments.refresh().catch(() => undefined);
    this.active.delete(remote);
  }

  versionOf(remote: RemoteName): string {
    return this.active.get(remote)?.version ?? this.assignments.get(remote)?.version ?? 'unknown';
  }

  private async loadWithFailover(remote: RemoteName, exposed: ExposedModule): Promise<unknown> {
    await this.assignments.ensureLoaded();
    const assignment = this.assignments.get(remote);
    if (!assignment) throw new RemoteUnavailableError(remote, 'no release assigned');
    const entries = entriesOf(assignment);
    // Once a remote fell back to stable in this page, its other modules come from there too.
    const start = Math.max(0, entries.findIndex((entry) => entry.version === this.active.get(remote)?.version));
    let lastError: unknown = new RemoteUnavailableError(remote, 'nothing to load');
    for (const entry of entries.slice(start)) {
      for (let attempt = 0; attempt < ATTEMPTS_PER_ENTRY; attempt++) {
        try {
          const loaded = await this.loadFrom(remote, exposed, entry, attempt > 0);
          // Running the fallback now: the site's routes of this remote become the fallback's own.
          if (entry !== entries[0]) this.assignments.fellBack(remote);
          return loaded;
        } catch (error) {
          lastError = error;
          const message = error instanceof Error ? error.message : String(error);
          reportRemoteTelemetry({ remote, version: entry.version, phase: 'load', message });
        }
      }
    }
    throw lastError;
  }

  private async loadFrom(remote: RemoteName, exposed: ExposedModule, entry: ReleaseEntry, forceAgain: boolean): Promise<unknown> {
    const current = this.active.get(remote);
    if (forceAgain || current?.manifestUrl !== entry.manifestUrl) {
      // force: the MF runtime drops its cached manifest, container and modules of this remote.
      registerRemotes([{ name: remote, entry: entry.manifestUrl }], { force: this.registered.has(remote) });
      this.registered.add(remote);
      this.active.set(remote, entry);
    }
    const loaded = await loadRemote(`${remote}/${exposed}`);
    if (!loaded) throw new RemoteUnavailableError(remote, `${exposed} did not load`);
    if (!this.reportedLoaded.has(remote)) {
      this.reportedLoaded.add(remote);
      // Nobody waits for it: sent once the page has loaded, off the first screen's line.
      whenPageIdle(() => reportRemoteTelemetry({ remote, version: entry.version, phase: 'loaded', message: '' }));
    }
    return loaded;
  }
}

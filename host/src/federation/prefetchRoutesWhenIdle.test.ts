import { describe, expect, it } from 'vitest';
import type { RemoteName } from '@sports/shared';
import type { ExposedModule } from './remoteModuleLoader';
import { prefetchRoutesWhenIdle } from './prefetchRoutesWhenIdle';

function fakeLoader() {
  const listeners = new Set<(remote: RemoteName, exposed: ExposedModule) => void>();
  const loads: string[] = [];
  return {
    loads,
    loaded: (remote: RemoteName, exposed: ExposedModule) => listeners.forEach((listener) => listener(remote, exposed)),
    load(remote: RemoteName, exposed: ExposedModule) {
      loads.push(`${remote}/${exposed}`);
      return Promise.reject(new Error('offline'));
    },
    onModuleLoaded(listener: (remote: RemoteName, exposed: ExposedModule) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('prefetchRoutesWhenIdle', () => {
  it("loads a remote's ./routes at idle once its widgets loaded, and nothing for other modules", () => {
    const loader = fakeLoader();
    const idle: (() => void)[] = [];
    const uninstall = prefetchRoutesWhenIdle(loader, (task) => idle.push(task));
    loader.loaded('mf_scores', 'routes');
    loader.loaded('mf_live', 'parcel');
    expect(idle).toHaveLength(0);
    loader.loaded('mf_scores', 'widgets');
    expect(loader.loads).toEqual([]);
    idle.forEach((task) => task());
    expect(loader.loads).toEqual(['mf_scores/routes']);
    uninstall();
    loader.loaded('mf_live', 'widgets');
    expect(idle).toHaveLength(1);
  });
});

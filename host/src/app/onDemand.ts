import { useEffect, useState } from 'react';

/** A module fetched on demand (a chunk of its own), kept once here. */
export interface OnDemand<Module> {
  /** The module, fetched once (again after a failure). */
  load(): Promise<Module>;
  /** Starts fetching it (a visitor about to need it: pointer over, focus, touch); errors are left to the render that needs it. */
  preload(): void;
  /** The module once here: at once when loaded before, else fetched while `needed` and rendered when it arrives (null meanwhile, and after a failure until `needed` changes). */
  useLoaded(needed: boolean): Module | null;
  /** The module if it is here, without fetching it. */
  loaded(): Module | null;
}

/**
 * A part of the shell no first screen shows, as its own chunk (issue 38: the first visit's
 * bytes): `importModule` is a dynamic import() with a webpackChunkName. A state update renders it
 * when it arrives (not React.lazy: no Suspense fallback held for 300 ms, loadedComponent.ts in
 * @sports/shared), and a failed fetch shows nothing rather than breaking the page.
 */
export function onDemand<Module>(importModule: () => Promise<Module>): OnDemand<Module> {
  let loaded: Module | null = null;
  let loading: Promise<Module> | null = null;

  function load(): Promise<Module> {
    loading ??= importModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  function useLoaded(needed: boolean): Module | null {
    const [arrived, setArrived] = useState<Module | null>(null);
    const module = arrived ?? loaded;
    useEffect(() => {
      if (module || !needed) return;
      let current = true;
      void load().then((next) => current && setArrived(() => next), () => undefined);
      return () => {
        current = false;
      };
    }, [module, needed]);
    return module;
  }

  return { load, preload: () => void load().catch(() => undefined), useLoaded, loaded: () => loaded };
}

import { startTransition, useEffect, useReducer, type ComponentType } from 'react';

/** A page's or widget's code: a dynamic import of a module whose default export is the component. */
export type ComponentLoader<Props> = () => Promise<{ default: ComponentType<Props> }>;

type LoadState =
  | { status: 'loading'; settled: Promise<void> }
  | { status: 'loaded'; component: ComponentType<never> }
  | { status: 'failed'; error: unknown };

/** One load per loader (route and widget definitions are module constants, so the loader is stable). */
const loads = new WeakMap<object, LoadState>();

function loadStateOf(load: ComponentLoader<never>): LoadState {
  const known = loads.get(load);
  if (known) return known;
  const settled = load().then(
    (module) => void loads.set(load, { status: 'loaded', component: module.default }),
    (error: unknown) => void loads.set(load, { status: 'failed', error }),
  );
  const loading: LoadState = { status: 'loading', settled };
  loads.set(load, loading);
  return loading;
}

/**
 * Starts loading a component's code before it is rendered (a link pointed at): the render that
 * follows finds it loaded and shows it in the same commit.
 */
export function preloadComponent<Props>(load: ComponentLoader<Props>): Promise<void> {
  const state = loadStateOf(load as ComponentLoader<never>);
  return state.status === 'loading' ? state.settled : Promise.resolve();
}

/**
 * The component `load` resolves to, or null while its code loads (the caller shows its loading
 * view). A failed load is thrown to the nearest error boundary, and stays failed (as React.lazy's
 * did): forgetting it on the throw would make React's own retry of the render load again, and a
 * chunk that keeps failing would loop.
 *
 * Not React.lazy under <Suspense>: React 19 holds a boundary's content back until 300 ms after
 * its fallback showed (FALLBACK_THROTTLE_MS), so a page whose code arrived in 60 ms appeared, and
 * only then asked for its data, 300 ms after the click (issue 16: route change within 300 ms).
 * A state update shows it as soon as it is here.
 */
export function useLoadedComponent<Props>(load: ComponentLoader<Props>): ComponentType<Props> | null {
  const state = loadStateOf(load as ComponentLoader<never>);
  const [, rendered] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (state.status !== 'loading') return;
    let mounted = true;
    // A transition: the page or widget renders in slices (see useLoad), not in one long task.
    void state.settled.then(() => mounted && startTransition(() => rendered()));
    return () => {
      mounted = false;
    };
  }, [state]);
  if (state.status === 'failed') throw state.error;
  return state.status === 'loaded' ? (state.component as ComponentType<Props>) : null;
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<Props> = () => Promise<{ default: ComponentType<Props> }>;

const lazyByLoader = new WeakMap<object, unknown>();

/**
 * One React.lazy component per loader, made once: making it during render would remount the
 * page on every render and lose its state.
 */
export function lazyOnce<Props extends object>(load: Loader<Props>): LazyExoticComponent<ComponentType<Props>> {
  const known = lazyByLoader.get(load) as LazyExoticComponent<ComponentType<Props>> | undefined;
  if (known) return known;
  const component = lazy(load);
  lazyByLoader.set(load, component);
  return component;
}

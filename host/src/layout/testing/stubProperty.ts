const restorers: Array<() => void> = [];

/**
 * Overrides a read-only DOM property (window.innerWidth, window.scrollY, body.clientWidth) for
 * one test; every override is undone after the test by `restoreStubbedProperties`, which the
 * host's setup file (./setupTests.ts) calls after every test of every file. (An `afterEach` here
 * would be registered only by the first file that imports this module when files share a
 * worker's modules, as the front-end vitest preset does.)
 */
export function stubProperty<Target extends object>(target: Target, key: PropertyKey, value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
  restorers.push(() => {
    if (own) Object.defineProperty(target, key, own);
    else Reflect.deleteProperty(target, key);
  });
}

/** Undoes every `stubProperty` override, last first. */
export function restoreStubbedProperties(): void {
  while (restorers.length > 0) restorers.pop()?.();
}

import { afterEach } from 'vitest';

const restorers: Array<() => void> = [];

/**
 * Overrides a read-only DOM property (window.innerWidth, window.scrollY, body.clientWidth) for
 * one test; every override is undone after the test.
 */
export function stubProperty<Target extends object>(target: Target, key: PropertyKey, value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
  restorers.push(() => {
    if (own) Object.defineProperty(target, key, own);
    else Reflect.deleteProperty(target, key);
  });
}

afterEach(() => {
  while (restorers.length > 0) restorers.pop()?.();
});

import { act } from '@testing-library/react';

/**
 * Resolves once the frame after the render has run and the timers it set have fired: what the
 * layouts wait for before their first width check (useShellWidthRedirect). A callback queued
 * here runs after any queued by the render, in order.
 */
export function afterFirstFrame(): Promise<void> {
  return act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

import { afterEach } from 'vitest';
import { FakeLiveSocket } from '@sports/shared/testing';

export { FakeLiveSocket };

/** Replaces the page's WebSocket for the calling file's tests; each page's socket opens by itself. */
export function useFakeLiveSocket(): void {
  FakeLiveSocket.install({ autoOpen: true });
  afterEach(() => {
    FakeLiveSocket.instances = [];
  });
}

import { afterEach, vi } from 'vitest';
import type { LiveDataFrame, LiveSocket } from '@sports/shared';

/**
 * A WebSocket stand-in for the shared live-data client in unit tests: opens on the next
 * microtask, records what the client sends, and lets a test push server frames.
 */
export class FakeLiveSocket implements LiveSocket {
  static instances: FakeLiveSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeLiveSocket.instances.push(this);
    queueMicrotask(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.onopen?.({});
    });
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }

  /** The server sends `frame`. */
  receive(frame: LiveDataFrame | Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  static get open(): FakeLiveSocket[] {
    return FakeLiveSocket.instances.filter((socket) => socket.readyState === 1);
  }

  /** Every open socket receives `frame` (each page has its own connection). */
  static broadcast(frame: LiveDataFrame): void {
    for (const socket of FakeLiveSocket.open) socket.receive(frame);
  }
}

/** Replaces the page's WebSocket with FakeLiveSocket for the tests of the calling file. */
export function useFakeLiveSocket(): void {
  vi.stubGlobal('WebSocket', FakeLiveSocket);
  FakeLiveSocket.instances = [];
  afterEach(() => {
    FakeLiveSocket.instances = [];
  });
}

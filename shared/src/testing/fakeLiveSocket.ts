import { vi } from 'vitest';
import type { LiveSocket } from '../realtime/liveDataClient';

/**
 * A WebSocket stand-in for the live-data client in unit tests (end-to-end tests use the real
 * socket): records what the client sends, lets a test push server frames or close it. Sockets
 * open when the test calls `open()`, or by themselves on the next microtask with `autoOpen`.
 */
export class FakeLiveSocket implements LiveSocket {
  static instances: FakeLiveSocket[] = [];
  static autoOpen = false;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: Record<string, unknown>[] = [];

  constructor(readonly url: string) {
    FakeLiveSocket.instances.push(this);
    if (FakeLiveSocket.autoOpen) queueMicrotask(() => this.readyState === 0 && this.open());
  }

  /** The connection opens (the client then registers, toggles and classifies). */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(): void {
    this.serverClose(1000);
  }

  /** The server (or the network) ends the connection with `code`. */
  serverClose(code: number): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** The server sends `frame`. */
  receive(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  static get opened(): FakeLiveSocket[] {
    return FakeLiveSocket.instances.filter((socket) => socket.readyState === 1);
  }

  static latest(): FakeLiveSocket {
    const socket = FakeLiveSocket.instances.at(-1);
    if (!socket) throw new Error('no live-data socket was opened');
    return socket;
  }

  /** Every open socket receives `frame` (each page has its own connection). */
  static broadcast(frame: object): void {
    for (const socket of FakeLiveSocket.opened) socket.receive(frame);
  }

  /** Replaces the page's WebSocket with this stand-in and forgets earlier sockets. */
  static install(options: { autoOpen?: boolean } = {}): void {
    FakeLiveSocket.instances = [];
    FakeLiveSocket.autoOpen = options.autoOpen ?? false;
    vi.stubGlobal('WebSocket', FakeLiveSocket);
  }
}

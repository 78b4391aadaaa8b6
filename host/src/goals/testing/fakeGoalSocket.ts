import { vi } from 'vitest';
import type { LiveDataFrame, LiveSocket } from '@sports/shared';

/** A WebSocket stand-in for the host's live-data connection: records frames sent, lets a test push frames. */
export class FakeGoalSocket implements LiveSocket {
  static instances: FakeGoalSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeGoalSocket.instances.push(this);
  }

  /** The connection opens (the client then registers, toggles and classifies). */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }

  receive(frame: LiveDataFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  static install(): void {
    FakeGoalSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeGoalSocket);
  }

  static get last(): FakeGoalSocket {
    const socket = FakeGoalSocket.instances.at(-1);
    if (!socket) throw new Error('no live-data socket was opened');
    return socket;
  }
}

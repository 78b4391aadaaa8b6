import { WebSocket } from 'ws';

/** A ws client that queues what it receives, so tests can await frames and the close in order. */
export class TestSocket {
  readonly socket: WebSocket;
  private readonly frames: unknown[] = [];
  private waiters: ((frame: unknown) => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const frame: unknown = JSON.parse(String(data));
      const waiter = this.waiters.shift();
      if (waiter) waiter(frame);
      else this.frames.push(frame);
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  static async open(url: string): Promise<TestSocket> {
    const client = new TestSocket(url);
    await new Promise<void>((resolve, reject) => {
      client.socket.once('open', () => resolve());
      client.socket.once('error', reject);
    });
    return client;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  next(): Promise<unknown> {
    const queued = this.frames.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.socket.close();
  }
}

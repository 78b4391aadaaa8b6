import type { LiveBus } from './liveBus';
import { type LiveMessage, decodeMessage } from './liveMessage';
import type { RelayedMessage } from './workerMessages';

/**
 * The bus of a fan-out worker: the main process relays every broadcast over IPC, in order, and
 * the worker's hub takes them like a follower node takes Redis messages (same JSON, same seq).
 * Messages that arrive while the hub is still loading from PostgreSQL wait here, so none is lost
 * and the order is kept. A worker never publishes: only the main process numbers messages.
 */
export class IpcBus implements LiveBus {
  private onMessage: ((message: LiveMessage) => void) | null = null;
  private waiting: RelayedMessage[] = [];
  private closed = false;

  /** Called by the worker for each `live` IPC message. */
  receive(messages: readonly RelayedMessage[]): void {
    if (this.closed) return;
    if (this.onMessage === null) {
      this.waiting.push(...messages);
      return;
    }
    for (const message of messages) this.deliver(message);
  }

  async start(onMessage: (message: LiveMessage) => void): Promise<void> {
    this.onMessage = onMessage;
    const waiting = this.waiting;
    this.waiting = [];
    for (const message of waiting) this.deliver(message);
  }

  publish(): void {
    // Workers relay; they never originate a broadcast.
  }

  async close(): Promise<void> {
    this.closed = true;
    this.onMessage = null;
    this.waiting = [];
  }

  private deliver([json, hot, companyId]: RelayedMessage): void {
    const message = decodeMessage(json, { hot: hot === 1, companyId });
    if (message !== null) this.onMessage?.(message);
  }
}

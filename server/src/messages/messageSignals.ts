import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export type UnreadListener = (memberIds: number[]) => void;

/**
 * Hears `member_message` notifications (messages/README.md, "Push"): the trigger of migration
 * 0042 sends one per insert statement (the recipients, after the commit). A connection of its own LISTENs (opened with the pool's settings, never one of the
 * pool's: a LISTEN held for the node's life would starve the pool, and two nodes of one small test
 * pool could not close); a lost connection is opened again after a second. Every node hears every
 * notification: each tells the pages it holds.
 */
export class MessageSignals {
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<UnreadListener>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    /** The channel (the alerts listen to `match_alert` with the same class: alerts/README.md). */
    private readonly channel: 'member_message' | 'match_alert' = 'member_message',
  ) {}

  onUnread(listener: UnreadListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    if (this.closed || this.client !== null) return;
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => this.heard(message.payload));
    client.on('error', (error) => {
      // Only the connection in use is dropped here (stop() ended the one it closed).
      if (this.client !== client) return;
      this.client = null;
      this.log.warn({ err: error }, 'messages: the LISTEN connection failed; opening another');
      void client.end().catch(() => undefined);
      this.later();
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err: error }, 'messages: could not LISTEN; trying again');
      this.later();
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.retry !== null) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private later(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => void this.start(), 1000);
    this.retry.unref();
  }

  private heard(payload: string | undefined): void {
    const ids = (payload ?? '').split(',').map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(ids);
      } catch (error) {
        this.log.warn({ err: error }, 'messages: an unread listener failed');
      }
    }
  }
}

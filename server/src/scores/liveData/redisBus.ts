import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { redactUrl } from '../../config';
import type { LiveBus } from './liveBus';
import { type LiveMessage, decodeMessage } from './liveMessage';

export interface RedisBusOptions {
  url: string;
  /** Nodes sharing a channel serve the same streams (tests use their own). */
  channel?: string;
  log: FastifyBaseLogger;
}

export const DEFAULT_LIVE_CHANNEL = 'sports:live-data';

/**
 * Redis pub/sub between nodes. Each message is `<node> <hot 0|1> <company|->` on the first line,
 * then the frame's JSON exactly as the publishing node encoded it: receivers decode it once and
 * write the same bytes to their clients. A node ignores its own messages (it delivered them
 * already). Pub/sub does not store: a message sent while a node is disconnected never reaches
 * it; the hub sees the gap in the seqs and repairs it (snapshots; goals from PostgreSQL).
 */
export class RedisBus implements LiveBus {
  private readonly nodeId = randomBytes(6).toString('hex');
  private readonly channel: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly log: FastifyBaseLogger;
  private readonly url: string;
  private lastErrorLog = 0;

  constructor(options: RedisBusOptions) {
    this.channel = options.channel ?? DEFAULT_LIVE_CHANNEL;
    this.log = options.log;
    this.url = options.url;
    const connection = { lazyConnect: true, maxRetriesPerRequest: 2 };
    this.publisher = new Redis(options.url, connection);
    this.subscriber = new Redis(options.url, connection);
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.logError(error, this.url));
    }
  }

  /**
   * Subscribes (again after every reconnect: a subscription that failed while Redis was down is
   * not restored by the client by itself). Never throws: without Redis this node still serves
   * its own clients, and the client keeps reconnecting.
   */
  async start(onMessage: (message: LiveMessage) => void): Promise<void> {
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      const [node, hot, company] = text.slice(0, newline).split(' ');
      if (node === this.nodeId) return;
      const message = decodeMessage(text.slice(newline + 1), { hot: hot === '1', companyId: company === '-' || company === undefined ? null : Number(company) });
      if (message !== null) onMessage(message);
    });
    const subscribe = () => this.subscriber.subscribe(this.channel).catch((error: unknown) => this.logError(error, this.url));
    this.subscriber.on('ready', () => void subscribe());
    try {
      await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
      // Resolve once subscribed, so a node reports ready only when it hears the others.
      await subscribe();
    } catch (error) {
      this.logError(error, this.url);
    }
  }

  publish(message: LiveMessage): void {
    const header = `${this.nodeId} ${message.hot ? 1 : 0} ${message.companyId ?? '-'}`;
    this.publisher.publish(this.channel, `${header}\n${message.json}`).catch((error: unknown) => this.logError(error, null));
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher, this.subscriber].map((client) => client.quit().catch(() => client.disconnect())));
  }

  /** At most one line every 10 s: a Redis outage must not flood the log. */
  private logError(error: unknown, url: string | null): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now;
    this.log.warn({ err: error }, `live-data Redis bus error${url === null ? '' : ` (${redactUrl(url)})`}`);
  }
}

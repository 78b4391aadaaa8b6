import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { redactUrl } from '../config/redactUrl';

export interface RedisChannelOptions {
  url: string;
  /** The pub/sub channel (nodes of one site share it; tests use their own). */
  channel: string;
  /** Names the channel's user in log lines ("chat", "live-data"). */
  label: string;
  log: FastifyBaseLogger;
}

/** A Redis outage logs at most one line this often. */
export const REDIS_ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * One Redis pub/sub channel between the nodes: a publisher (also free for the user's own
 * commands: scripts, lists) and a subscriber that subscribes again after every reconnect.
 * Never throws on a Redis failure: errors are logged, at most one line every 10 s, with the URL's
 * password redacted; without Redis a node still serves its own clients.
 */
export class RedisChannel {
  readonly name: string;
  readonly publisher: Redis;
  private readonly subscriber: Redis;
  private lastErrorLog = 0;

  constructor(private readonly options: RedisChannelOptions) {
    this.name = options.channel;
    const connection = { lazyConnect: true, maxRetriesPerRequest: 2 };
    this.publisher = new Redis(options.url, connection);
    this.subscriber = new Redis(options.url, connection);
    for (const client of [this.publisher, this.subscriber]) client.on('error', (error: Error) => this.logError(error));
  }

  /**
   * Connects and subscribes; resolves once subscribed (so a node reports ready only when it hears
   * the others), or once the failure is logged. A subscription that failed while Redis was down
   * is not restored by the client by itself: it is made again on every `ready`.
   */
  async start(onText: (text: string) => void): Promise<void> {
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.name) onText(text);
    });
    const subscribe = () => this.subscriber.subscribe(this.name).catch((error: unknown) => this.logError(error));
    this.subscriber.on('ready', () => void subscribe());
    try {
      await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
      await subscribe();
    } catch (error) {
      this.logError(error);
    }
  }

  /** Fire and forget: a failure is logged (`withUrl` false leaves the URL out of that line). */
  publish(text: string, withUrl = true): void {
    this.publisher.publish(this.name, text).catch((error: unknown) => this.logError(error, withUrl));
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher, this.subscriber].map((client) => client.quit().catch(() => client.disconnect())));
  }

  /** At most one line every 10 s: a Redis outage must not flood the log. */
  logError(error: unknown, withUrl = true): void {
    const now = Date.now();
    if (now - this.lastErrorLog < REDIS_ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLog = now;
    this.options.log.warn({ err: error }, `${this.options.label} Redis bus error${withUrl ? ` (${redactUrl(this.options.url)})` : ''}`);
  }
}

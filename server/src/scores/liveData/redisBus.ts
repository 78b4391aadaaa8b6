import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { RedisChannel } from '../../infra/sockets/redisChannel';
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
  private readonly channel: RedisChannel;

  constructor(options: RedisBusOptions) {
    this.channel = new RedisChannel({ url: options.url, channel: options.channel ?? DEFAULT_LIVE_CHANNEL, label: 'live-data', log: options.log });
  }

  /**
   * Subscribes (again after every reconnect: infra/sockets/redisChannel.ts). Never throws:
   * without Redis this node still serves its own clients, and the client keeps reconnecting.
   */
  async start(onMessage: (message: LiveMessage) => void): Promise<void> {
    await this.channel.start((text) => {
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      const [node, hot, company] = text.slice(0, newline).split(' ');
      if (node === this.nodeId) return;
      const message = decodeMessage(text.slice(newline + 1), { hot: hot === '1', companyId: company === '-' || company === undefined ? null : Number(company) });
      if (message !== null) onMessage(message);
    });
  }

  publish(message: LiveMessage): void {
    const header = `${this.nodeId} ${message.hot ? 1 : 0} ${message.companyId ?? '-'}`;
    this.channel.publish(`${header}\n${message.json}`, false);
  }

  async close(): Promise<void> {
    await this.channel.close();
  }
}

import { randomBytes } from 'node:crypto';
import type { ChatGroupMessage, ChatHorn, ChatSystemNotice } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { RedisChannel } from '../infra/sockets/redisChannel';
import type { ChatBus, ChatBusSink, ChatMessageDraft, ChatRoomEvent } from './chatBus';

export const DEFAULT_CHAT_CHANNEL = 'sports:chat';
/** Kept history per group in Redis (what a node that starts later serves to joiners). */
const REDIS_HISTORY_LENGTH = 100;
const HISTORY_TTL_SECONDS = 7 * 86_400;

/**
 * Numbers a group message (INCR), keeps it in the group's history list and publishes it, all in
 * one script: Redis runs scripts one at a time, so the channel carries each group's messages in
 * seq order and every subscriber (the publishing node too) delivers them in that order.
 * ARGV: channel, line prefix, message JSON without seq, keep (1/0), history length.
 */
const PUBLISH_MESSAGE = `
local seq = redis.call('INCR', KEYS[1])
if ARGV[4] == '1' then
  redis.call('RPUSH', KEYS[2], seq .. '\\n' .. ARGV[3])
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[5]), -1)
  redis.call('EXPIRE', KEYS[2], ${HISTORY_TTL_SECONDS})
end
redis.call('PUBLISH', ARGV[1], ARGV[2] .. seq .. '\\n' .. ARGV[3])
return seq`;

export interface ChatRedisBusOptions {
  url: string;
  /** Nodes of one site share it (tests use their own; keys are prefixed with it too). */
  channel?: string;
  log: FastifyBaseLogger;
}

/**
 * The chat between nodes over Redis pub/sub. Lines: `m <node> <keep>\n<seq>\n<message json>`,
 * `n <node>\n<userId>\n<notice json>`, `h <node>\n<horn json>`, `p <node>\n<counts json>`, `r <node>\n<event json>`.
 * Messages, notices and horns are delivered by every node including the sender's (from the channel);
 * presence and room events are ignored by the node that sent them.
 */
export class ChatRedisBus implements ChatBus {
  readonly nodeId = randomBytes(6).toString('hex');
  private readonly bus: RedisChannel;
  private readonly channel: string;

  constructor(options: ChatRedisBusOptions) {
    this.channel = options.channel ?? DEFAULT_CHAT_CHANNEL;
    this.bus = new RedisChannel({ url: options.url, channel: this.channel, label: 'chat', log: options.log });
    this.bus.publisher.defineCommand('chatPublish', { numberOfKeys: 2, lua: PUBLISH_MESSAGE });
  }

  async start(sink: ChatBusSink): Promise<void> {
    await this.bus.start((text) => this.receive(sink, text));
  }

  async publishMessage(draft: ChatMessageDraft, keep: boolean): Promise<ChatGroupMessage> {
    const json = JSON.stringify(draft);
    const publisher = this.bus.publisher;
    const publish = (publisher as unknown as { chatPublish: (...args: (string | number)[]) => Promise<number> }).chatPublish;
    const seq = await publish.call(
      publisher,
      `${this.channel}:seq:${draft.groupId}`,
      `${this.channel}:history:${draft.groupId}`,
      this.channel,
      `m ${this.nodeId} ${keep ? 1 : 0}\n`,
      json,
      keep ? '1' : '0',
      REDIS_HISTORY_LENGTH,
    );
    return { ...draft, seq: Number(seq) };
  }

  publishNotice(userId: string, notice: ChatSystemNotice): void {
    this.send(`n ${this.nodeId}\n${userId}\n${JSON.stringify(notice)}`);
  }

  publishHorn(horn: ChatHorn): void {
    this.send(`h ${this.nodeId}\n${JSON.stringify(horn)}`);
  }

  publishPresence(counts: Record<string, number>): void {
    this.send(`p ${this.nodeId}\n${JSON.stringify(counts)}`);
  }

  publishRoomEvent(event: ChatRoomEvent): void {
    this.send(`r ${this.nodeId}\n${JSON.stringify(event)}`);
  }

  async history(groupId: string, limit: number): Promise<ChatGroupMessage[] | null> {
    const lines = await this.bus.publisher.lrange(`${this.channel}:history:${groupId}`, -limit, -1);
    return lines.flatMap((line) => {
      const message = parseNumbered(line);
      return message === null ? [] : [message];
    });
  }

  async close(): Promise<void> {
    await this.bus.close();
  }

  private send(text: string): void {
    this.bus.publish(text);
  }

  private receive(sink: ChatBusSink, text: string): void {
    const newline = text.indexOf('\n');
    if (newline < 0) return;
    const [kind, node, keep] = text.slice(0, newline).split(' ');
    const body = text.slice(newline + 1);
    try {
      if (kind === 'm') {
        const message = parseNumbered(body);
        if (message !== null) sink.message(message, keep === '1');
      } else if (kind === 'n') {
        const split = body.indexOf('\n');
        sink.notice(body.slice(0, split), JSON.parse(body.slice(split + 1)) as ChatSystemNotice);
      } else if (kind === 'h') {
        sink.horn(JSON.parse(body) as ChatHorn);
      } else if (node !== this.nodeId && kind === 'p') {
        sink.presence(node ?? '', JSON.parse(body) as Record<string, number>);
      } else if (node !== this.nodeId && kind === 'r') {
        sink.roomEvent(JSON.parse(body) as ChatRoomEvent);
      }
    } catch (error) {
      this.bus.logError(error);
    }
  }
}

/** `<seq>\n<message json without seq>` → the message. */
function parseNumbered(text: string): ChatGroupMessage | null {
  const newline = text.indexOf('\n');
  if (newline < 0) return null;
  const seq = Number(text.slice(0, newline));
  const draft = JSON.parse(text.slice(newline + 1)) as ChatMessageDraft;
  return { ...draft, seq };
}

import type { AddressInfo } from 'node:net';
import { CHAT_PROTOCOL_VERSION, type ChatServerFrame } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { WebSocket } from 'ws';
import { issueSession } from '../../accounts/sessions/sessions';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';
import type { TestAppContext } from '../../testing/testApp';

/** The chat socket address of a listening app. */
export function chatUrl(app: App): string {
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/chat`;
}

/**
 * The app of `ctx` listening on a free port for the suite, and `connect()` for chat sockets that
 * are all closed after it. Call at the top of a describe block, after useTestApp.
 */
export function useChatSockets(ctx: TestAppContext): { connect: () => Promise<ChatTestClient> } {
  const clients: ChatTestClient[] = [];
  let url = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = chatUrl(ctx.app);
  });
  afterAll(() => {
    for (const client of clients) client.close();
  });
  return {
    connect: async () => {
      const client = await new ChatTestClient(url).open();
      clients.push(client);
      return client;
    },
  };
}

export interface MemberChatSignature {
  /** The site session's token the signature was issued for. */
  token: string;
  id: string;
  userSig: string;
  sdkAppId?: number;
}

/** A fresh site session for `userId`, and the chat signature getUserSig issues for it. */
export async function memberChatSignature(ctx: TestAppContext, userId: number): Promise<MemberChatSignature> {
  const { token } = await issueSession(ctx.db, userId, 3600);
  const answer = (await ctx.app.inject({ url: '/api/tenxun/getUserSig', headers: { token } })).json() as { code: number; data: Omit<MemberChatSignature, 'token'> };
  expect(answer.code).toBe(200);
  return { token, ...answer.data };
}

let mobileCounter = 0;

/** A user row straight in the database (the chat only reads users). */
export async function createUser(db: Kysely<Database>, nickname: string, options: { anchor?: boolean } = {}): Promise<number> {
  mobileCounter += 1;
  const row = await db
    .insertInto('app_user')
    .values({ mobile: `86-137${String(process.pid % 1000).padStart(3, '0')}${String(mobileCounter).padStart(5, '0')}`, user_nickname: nickname, avatar: '', is_anchor: options.anchor ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** An anchor with a room: answers the owner id (= the group id) and the room id. */
export async function createRoom(db: Kysely<Database>, nickname: string): Promise<{ ownerId: number; roomId: number; groupId: string }> {
  const ownerId = await createUser(db, nickname, { anchor: true });
  const room = await db.insertInto('live_room').values({ owner_id: ownerId, title: `${nickname}的直播间` }).returning('id').executeTakeFirstOrThrow();
  return { ownerId, roomId: Number(room.id), groupId: String(ownerId) };
}

/** A real `ws` client that keeps every frame it receives, to await them in order. */
export class ChatTestClient {
  readonly socket: WebSocket;
  readonly frames: ChatServerFrame[] = [];
  private readonly opened: Promise<void>;
  private waiters: (() => void)[] = [];
  private refCounter = 0;
  readonly closed: Promise<{ code: number }>;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as ChatServerFrame);
      for (const waiter of this.waiters.splice(0)) waiter();
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve({ code })));
  }

  async open(): Promise<this> {
    await this.opened;
    return this;
  }

  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  send(frame: object): void {
    this.socket.send(JSON.stringify(frame));
  }

  nextRef(): string {
    this.refCounter += 1;
    return `r${this.refCounter}`;
  }

  /** Waits until a frame matching `match` arrives (counting from `from`), or fails after `ms`. */
  async waitFor<Frame extends ChatServerFrame>(match: (frame: ChatServerFrame) => frame is Frame, ms?: number, from?: number): Promise<Frame>;
  async waitFor(match: (frame: ChatServerFrame) => boolean, ms?: number, from?: number): Promise<ChatServerFrame>;
  async waitFor(match: (frame: ChatServerFrame) => boolean, ms = 5_000, from = 0): Promise<ChatServerFrame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The answer to a request with this ref. */
  reply(ref: string, ms?: number): Promise<ChatServerFrame> {
    return this.waitFor((frame) => 'ref' in frame && frame.ref === ref, ms);
  }

  async login(userId: string, userSig: string): Promise<Extract<ChatServerFrame, { type: 'login-result' }>> {
    const ref = this.nextRef();
    this.send({ type: 'login', v: CHAT_PROTOCOL_VERSION, ref, userId, userSig });
    return (await this.reply(ref)) as Extract<ChatServerFrame, { type: 'login-result' }>;
  }

  async join(groupId: string): Promise<Extract<ChatServerFrame, { type: 'join-status' }>> {
    const ref = this.nextRef();
    this.send({ type: 'join', ref, groupId });
    return (await this.reply(ref)) as Extract<ChatServerFrame, { type: 'join-status' }>;
  }

  async say(groupId: string, text: string, kind: 'text' | 'danmaku' = 'text'): Promise<Extract<ChatServerFrame, { type: 'ack' | 'refused' }>> {
    const ref = this.nextRef();
    this.send({ type: 'send', ref, groupId, kind, text });
    return (await this.reply(ref)) as Extract<ChatServerFrame, { type: 'ack' | 'refused' }>;
  }

  messages(): Extract<ChatServerFrame, { type: 'message' }>['message'][] {
    return this.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message] : []));
  }

  close(): void {
    this.socket.close();
  }
}

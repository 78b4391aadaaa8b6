import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AccountsConfig, defaultAccountsConfig } from '../../accounts/accountsConfig';
import { issueSession } from '../../accounts/sessions/sessions';
import { type BuildAppOptions, buildApp } from '../../app';
import type { App } from '../../infra/http/types';
import { embeddedTarget } from '../../testing/dbTargets';
import { TEST_REDIS_URL } from '../../testing/redisTarget';
import { type TestAppContext, useTestApp } from '../../testing/testApp';
import { ChatTestClient, chatUrl } from './chatTestKit';

export interface TwoChatNodes {
  /** Node A: the suite's app (useTestApp: its database, site and data folder). */
  readonly nodeA: TestAppContext;
  /** Node B: built beside it on the same database with the same options; readable once beforeAll ran. */
  readonly nodeB: App;
  /** The Redis channel (and key prefix) of this suite: parallel runs on one Redis never hear each other. */
  readonly channel: string;
  /** A page's chat connection on `app`, logged in as `userId` (closed after the suite). */
  page(app: App, userId: number): Promise<ChatTestClient>;
}

/**
 * In a describe: two nodes, one database, one Redis (the chat's bus and the live data's), as the
 * two-node tests of chat, horns, medals and alerts need. Both listen on free ports. After the
 * suite the pages and node B are closed and the channel's keys deleted from Redis. `app` adds
 * options to both nodes (a chat rate, the alerts' overrides); `chat` is merged into the chat's.
 */
export function useTwoChatNodes(name: string, extra: { app?: Partial<Omit<BuildAppOptions, 'db' | 'accountsConfig' | 'live' | 'chat'>>; chat?: Partial<NonNullable<BuildAppOptions['chat']>> } = {}): TwoChatNodes {
  const channel = `sports:test-${name}:${randomBytes(6).toString('hex')}`;
  const accountsConfig: AccountsConfig = defaultAccountsConfig();
  accountsConfig.chatSigningSecret = `two-node-${name}-secret-long-enough`;
  const options = { ...extra.app, accountsConfig, live: { feed: null, redisUrl: TEST_REDIS_URL, redisChannel: `${channel}:live` }, chat: { ...extra.chat, redisChannel: channel } };
  const nodeA = useTestApp(embeddedTarget(), { app: options });
  let nodeB: App | undefined;
  const clients: ChatTestClient[] = [];

  beforeAll(async () => {
    nodeB = await buildApp({ db: nodeA.db, siteRoot: nodeA.site.root, logLevel: 'silent', dataDir: nodeA.dataDir, ...options });
    await nodeB.ready();
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    return async () => {
      for (const client of clients) client.close();
      await nodeB?.close();
    };
  });
  afterAll(async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${channel}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  return {
    nodeA,
    get nodeB() {
      if (nodeB === undefined) throw new Error('node B is built in beforeAll');
      return nodeB;
    },
    channel,
    async page(app, userId) {
      const client = await new ChatTestClient(chatUrl(app)).open();
      clients.push(client);
      const { token } = await issueSession(nodeA.db, userId, 3600);
      const sig = (await app.inject({ url: '/api/tenxun/getUserSig', headers: { token } })).json().data as { id: string; userSig: string };
      expect((await client.login(sig.id, sig.userSig)).ok).toBe(true);
      return client;
    },
  };
}

import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { shutdown } from './lifecycle';
import { SocketCloseCode as CloseCode } from '@sports/shared/server';
import { TestSocket } from './testing/testSocket';
import { embeddedTarget } from './testing/dbTargets';
import { createFakeSite } from './testing/fakeSite';
import { createTestDatabase } from './testing/testDatabase';

describe('shutdown', () => {
  it('closes open sockets (1001), the HTTP server and then the pool', async () => {
    const testDatabase = await createTestDatabase(embeddedTarget().adminUrl ?? '', { template: embeddedTarget().migratedTemplate });
    const site = await createFakeSite();
    const app = await buildApp({ db: testDatabase.handle.db, siteRoot: site.root, dataDir: site.root, logLevel: 'silent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const clients = await Promise.all([1, 2, 3].map(() => TestSocket.open(`ws://127.0.0.1:${port}/ws/live-data`)));
    await sql`select 1`.execute(testDatabase.handle.db);

    const clean = await shutdown({ app, database: testDatabase.handle, embedded: null, log: pino({ level: 'silent' }) });

    expect(clean).toBe(true);
    for (const client of clients) expect((await client.closed).code).toBe(CloseCode.GoingAway);
    expect(app.liveDataHub.clients.size).toBe(0);
    expect(app.server.listening).toBe(false);
    expect(testDatabase.handle.pool.ended).toBe(true);
    await expect(sql`select 1`.execute(testDatabase.handle.db)).rejects.toThrow();
    await testDatabase.drop();
    await site.remove();
  });

  it('keeps going when a step fails, and reports it', async () => {
    let stopped = false;
    const clean = await shutdown({
      app: { close: () => Promise.reject(new Error('boom')) },
      embedded: { stop: async () => void (stopped = true) },
      log: pino({ level: 'silent' }),
    });
    expect(clean).toBe(false);
    expect(stopped).toBe(true);
  });
});

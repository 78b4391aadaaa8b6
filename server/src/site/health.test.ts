import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase } from '../infra/db/database';
import type { App } from '../infra/http/types';
import { type FakeSite, createFakeSite } from '../testing/fakeSite';
import { describeEachDatabase, useTestApp } from '../testing/testApp';

describeEachDatabase('GET /healthz', (target) => {
  const ctx = useTestApp(target, { seed: false });

  it('answers ok when the database answers', async () => {
    const response = await ctx.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: '', data: { status: 'ok', db: 'ok' } });
  });
});

describe('GET /healthz without a database', () => {
  // Port 9 (discard) on loopback: nothing listens, so connecting fails at once.
  const database = createDatabase({ connectionString: 'postgres://postgres@127.0.0.1:9/none' });
  let app: App;
  let site: FakeSite;
  beforeAll(async () => {
    site = await createFakeSite();
    app = await buildApp({ db: database.db, siteRoot: site.root, dataDir: site.root, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await site.remove();
  });

  it('answers 503 with code 1', async () => {
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 1, data: { status: 'error', db: 'down' } });
  });

  it('answers API calls that need it with 500 serverBusy, no connection details', async () => {
    const response = await app.inject('/api/hot_match/initial_list');
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe(1);
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/);
  });
});

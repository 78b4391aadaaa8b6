import { Writable } from 'node:stream';
import { sharedMessages } from '@sports/shared/server';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedTarget } from '../../testing/dbTargets';
import { errors } from './errorCatalogue';
import { installErrorHandlers } from './errorHandler';

/**
 * The net below the schemas: real PostgreSQL errors caused by a request's data answer code 1
 * with a readable message and are logged at warn without a stack; our own faults stay 500/error.
 * A small app whose routes pass the query string straight to real queries (one connection, so
 * its temporary tables are there for every request).
 */
describe('database errors caused by input', () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line !== '') lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level: 'info' }, stream) as FastifyBaseLogger });
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: embeddedTarget().adminUrl ?? undefined });
    await client.connect();
    await client.query(`
      create temp table fuzz_parent (id int primary key);
      create temp table fuzz_child (parent_id int not null references fuzz_parent(id), amount int check (amount >= 0));
      create temp table fuzz_unique (name text unique);
      insert into fuzz_unique values ('taken');`);
    installErrorHandlers(app);
    const value = (request: { query: unknown }) => (request.query as { value: string }).value;
    app.get('/int4', async (request) => (await client.query('select $1::int4 as v', [value(request)])).rows);
    app.get('/bigint', async (request) => (await client.query('select $1::bigint as v', [value(request)])).rows);
    app.get('/text', async (request) => (await client.query('select $1::text as v', [value(request)])).rows);
    app.get('/date', async (request) => (await client.query('select $1::date as v', [value(request)])).rows);
    app.get('/child', async (request) => (await client.query('insert into fuzz_child values ($1, 1)', [value(request)])).rowCount);
    app.get('/negative', async () => (await client.query('insert into fuzz_child values (null, -1)')).rowCount);
    app.get('/unique', async (request) => (await client.query('insert into fuzz_unique values ($1)', [value(request)])).rowCount);
    app.get('/ours', async () => (await client.query('select * from no_such_table')).rows);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await client?.end();
  });

  const answer = async (url: string) => {
    lines.length = 0;
    const response = await app.inject(url);
    return { status: response.statusCode, body: response.json(), log: lines.find((line) => line.msg === 'request rejected' || line.msg === 'request failed') };
  };

  it.each([
    ['/int4?value=3000000000', '22003'],
    ['/int4?value=1e300', '22P02'],
    ['/bigint?value=100000000000000000000', '22003'],
    ['/text?value=a%00b', '22021'],
    ['/date?value=2026-02-31', '22008'],
  ])('%s answers 400 "%s" with a readable message, logged at warn without a stack', async (url, sqlState) => {
    const { status, body, log } = await answer(url);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 1, msg: errors.DB_INVALID_VALUE.message, data: null, reason: 'DB_INVALID_VALUE' });
    expect(log).toMatchObject({ level: 40, status: 400, sqlState });
    expect(JSON.stringify(log)).not.toMatch(/stack|    at /);
  });

  it('answers integrity violations caused by the data as client errors', async () => {
    expect(await answer('/child?value=42')).toMatchObject({ status: 400, body: { code: 1, msg: errors.DB_MISSING_REFERENCE.message }, log: { level: 40, sqlState: '23503', reason: 'DB_MISSING_REFERENCE', answer: errors.DB_MISSING_REFERENCE.message } });
    expect(await answer('/unique?value=taken')).toMatchObject({ status: 409, body: { code: 1, msg: errors.DB_DUPLICATE.message }, log: { level: 40, sqlState: '23505' } });
    expect(await answer('/negative')).toMatchObject({ status: 400, body: { code: 1, msg: errors.DB_REJECTED_VALUE.message }, log: { level: 40 } });
  });

  it('keeps our own faults at 500 and error level, with the stack', async () => {
    const { status, body, log } = await answer('/ours');
    expect(status).toBe(500);
    expect(body).toEqual({ code: 1, msg: sharedMessages.serverBusy, data: null, reason: 'SERVER_BUSY' });
    expect(log).toMatchObject({ level: 50 });
    expect(JSON.stringify(log)).toContain('stack');
  });
});

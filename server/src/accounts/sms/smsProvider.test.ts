import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccountsConfig } from '../accountsConfig';
import { createManualClock } from '../../infra/clock';
import { SMS_OUTBOX_FILE, createHttpSmsProvider, createOutboxProvider, createSmsProvider } from './smsProvider';

describe('outbox SMS provider', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sms-outbox-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('appends one JSON line {mobile, type, code, at} per code and logs it', async () => {
    const clock = createManualClock(new Date('2026-11-01T08:00:00.000Z'));
    const logged: unknown[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const provider = createOutboxProvider({ dataDir: path.join(dir, 'fresh'), log, clock });
    expect(provider.name).toBe('outbox');
    await provider.send({ mobile: '86-13800000001', type: 1, code: '012345' });
    clock.advance(1_000);
    await provider.send({ mobile: '852-61234567', type: 2, code: '999999' });
    const lines = (await fs.readFile(path.join(dir, 'fresh', SMS_OUTBOX_FILE), 'utf8')).split('\n');
    expect(lines).toEqual([
      '{"mobile":"86-13800000001","type":1,"code":"012345","at":"2026-11-01T08:00:00.000Z"}',
      '{"mobile":"852-61234567","type":2,"code":"999999","at":"2026-11-01T08:00:01.000Z"}',
      '',
    ]);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ mobile: '86-13800000001', type: 1, code: '012345', msg: expect.stringContaining('012345') });
  });

  it('is what the default configuration builds', () => {
    const provider = createSmsProvider(defaultAccountsConfig().sms, { dataDir: dir, log: pino({ level: 'silent' }), clock: createManualClock() });
    expect(provider.name).toBe('outbox');
  });
});

describe('http SMS provider against a local gateway', () => {
  const received: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  let delayMs = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}'), delayMs);
    });
  });
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sms`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs {mobile, type, code} as JSON with the bearer token', async () => {
    const config = defaultAccountsConfig().sms;
    const provider = createSmsProvider({ ...config, provider: 'http', gatewayUrl: url, gatewayToken: 'gw-secret' }, {
      dataDir: os.tmpdir(),
      log: pino({ level: 'silent' }),
      clock: createManualClock(),
    });
    expect(provider.name).toBe('http');
    await provider.send({ mobile: '86-13800000002', type: 2, code: '424242' });
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/v1/sms', body: '{"mobile":"86-13800000002","type":2,"code":"424242"}' });
    expect(received.at(-1)?.headers).toMatchObject({ authorization: 'Bearer gw-secret', 'content-type': 'application/json' });
  });

  it('throws when the gateway refuses or hangs', async () => {
    const provider = createHttpSmsProvider({ url, token: 't', timeoutMs: 200 });
    status = 503;
    await expect(provider.send({ mobile: '86-1', type: 1, code: '000000' })).rejects.toThrow('SMS gateway answered HTTP 503');
    status = 200;
    delayMs = 1_000;
    await expect(provider.send({ mobile: '86-1', type: 1, code: '000000' })).rejects.toThrow();
    delayMs = 0;
  });
});

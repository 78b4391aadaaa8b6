import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { REPO_ROOT, SERVER_DIR } from './infra/config/serverPaths';
import { redactUrl } from './infra/config/redactUrl';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.join(SERVER_DIR, '.data'),
      databaseUrl: null,
      redisUrl: null,
      logLevel: 'info',
      siteRoot: REPO_ROOT,
      nodeEnv: 'development',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '18080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'debug',
      SITE_ROOT: '/srv/site',
      NODE_ENV: 'production',
      SMS_PROVIDER: 'outbox',
      ALLOW_SMS_OUTBOX: '1',
      ALLOW_SANDBOX_PAYMENTS: '1',
    });
    expect(config).toMatchObject({ port: 18080, host: '0.0.0.0', dataDir: '/tmp/x', logLevel: 'debug', nodeEnv: 'production' });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/app');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 8080, databaseUrl: null });
  });

  it('lists every bad value in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: '80a', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope', LOG_LEVEL: 'loud', NODE_ENV: 'staging' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toContain('PORT must be');
    expect(problems.join('\n')).toMatch(/DATABASE_URL must start with postgres:\/\//);
    expect(problems.join('\n')).toMatch(/REDIS_URL is not a valid URL/);
  });

  it('rejects ports out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('has HTTP timeouts and per-address caps by default, and reads them in seconds', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 10_000,
      idleTimeoutMs: 120_000,
      maxConnectionsPerAddress: 128,
      maxWebSocketsPerAddress: 64,
      trustProxy: false,
    });
    const config = loadConfig({
      HTTP_HEADERS_TIMEOUT_SECONDS: '5',
      HTTP_REQUEST_TIMEOUT_SECONDS: '30',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      HTTP_IDLE_TIMEOUT_SECONDS: '300',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '20000',
      HTTP_MAX_WEBSOCKETS_PER_ADDRESS: '10000',
    });
    expect(config.http).toEqual({
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 300_000,
      maxConnectionsPerAddress: 20_000,
      maxWebSocketsPerAddress: 10_000,
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY: false, true, a hop count, proxy addresses and CIDR ranges; lists a bad one with the others', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).http.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    let caught: unknown;
    try {
      loadConfig({ TRUST_PROXY: '10.0.0.0/33,nginx', PORT: 'x' });
    } catch (error) {
      caught = error;
    }
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('TRUST_PROXY must be false, true, a hop count (1-10) or a comma-separated list of proxy addresses and CIDR ranges');
    expect(problems).toContain('(not an address or range: 10.0.0.0/33, nginx)');
    expect(problems).toContain('PORT');
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('lists every bad HTTP limit, and headers that may outlast the request', () => {
    let caught: unknown;
    try {
      loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '10', HTTP_HEADERS_TIMEOUT_SECONDS: '20', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0', HTTP_MAX_WEBSOCKETS_PER_ADDRESS: 'many' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('HTTP_MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 1 to 1000000, got "0"');
    expect(problems).toContain('HTTP_MAX_WEBSOCKETS_PER_ADDRESS must be a whole number from 1 to 1000000, got "many"');
    expect(problems).toContain('HTTP_HEADERS_TIMEOUT_SECONDS (20) must not be more than HTTP_REQUEST_TIMEOUT_SECONDS (10)');
  });
});

describe('loadConfig: API_DOCS and METRICS', () => {
  it('opens /api/docs and /metrics outside production and puts them behind the ops token in production', () => {
    expect(loadConfig({}).observability).toEqual({ apiDocs: 'on', metrics: 'on' });
    expect(loadConfig({ NODE_ENV: 'test' }).observability).toEqual({ apiDocs: 'on', metrics: 'on' });
    expect(loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', ALLOW_SMS_OUTBOX: '1', ALLOW_SANDBOX_PAYMENTS: '1' }).observability).toEqual({ apiDocs: 'protected', metrics: 'protected' });
  });

  it('reads on, off and protected', () => {
    expect(loadConfig({ API_DOCS: 'off', METRICS: 'protected' }).observability).toEqual({ apiDocs: 'off', metrics: 'protected' });
    expect(loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', ALLOW_SMS_OUTBOX: '1', ALLOW_SANDBOX_PAYMENTS: '1', API_DOCS: 'on', METRICS: 'OFF' }).observability).toEqual({ apiDocs: 'on', metrics: 'off' });
  });

  it('lists both bad values in the one error', () => {
    let caught: unknown;
    try {
      loadConfig({ API_DOCS: 'yes', METRICS: '1' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual(['API_DOCS must be one of on, off, protected, got "yes"', 'METRICS must be one of on, off, protected, got "1"']);
  });
});

describe('redactUrl', () => {
  it('hides the password', () => {
    expect(redactUrl('postgres://user:secret@host:5432/db')).toBe('postgres://user:***@host:5432/db');
    expect(redactUrl('postgres://user@host/db')).toBe('postgres://user@host/db');
  });
});

it('refuses the sandbox payment provider in production unless a staging site says so', () => {
  const production = { NODE_ENV: 'production', SMS_PROVIDER: 'outbox', ALLOW_SMS_OUTBOX: '1' };
  expect(() => loadConfig(production)).toThrow(/NODE_ENV=production with the sandbox payment provider/);
  expect(loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: '1' }).wallet.paymentProvider).toBe('sandbox');
  expect(loadConfig({}).wallet.paymentProvider).toBe('sandbox');
});

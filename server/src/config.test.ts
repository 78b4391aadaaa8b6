import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, SERVER_DIR, loadConfig, redactUrl } from './config';

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
});

describe('redactUrl', () => {
  it('hides the password', () => {
    expect(redactUrl('postgres://user:secret@host:5432/db')).toBe('postgres://user:***@host:5432/db');
    expect(redactUrl('postgres://user@host/db')).toBe('postgres://user@host/db');
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('MEMBER_ID_KEY', () => {
  it('is optional: a key is generated into DATA_DIR', () => {
    expect(loadConfig({}).member).toEqual({ idKey: null });
  });

  it('takes 32 bytes in base64', () => {
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ MEMBER_ID_KEY: key }).member).toEqual({ idKey: key });
  });

  it.each([randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), 'not base64!', 'x'])('refuses %s, listed with the other problems', (value) => {
    let caught: unknown;
    try {
      loadConfig({ MEMBER_ID_KEY: value, PORT: 'abc' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual(['PORT must be a whole number from 0 to 65535, got "abc"', 'MEMBER_ID_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32)']);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS, DEFAULT_SMS_LIMITS, defaultAccountsConfig } from './accountsConfig';
import { ConfigError, loadConfig } from '../config';

/** The problems loadConfig finds with the accounts variables (other parts have their own tests). */
const ACCOUNT_VARIABLES = /SMS_|CAPTCHA_|SESSION_|LOGIN_|RESET_|CHAT_/;
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.filter((problem) => ACCOUNT_VARIABLES.test(problem));
  }
};

describe('accounts configuration', () => {
  it('defaults: outbox, captcha cost 100000, 30-day sessions, the product limits', () => {
    const accounts = loadConfig({}).accounts;
    expect(accounts).toEqual(defaultAccountsConfig());
    expect(accounts).toMatchObject({
      sms: { provider: 'outbox', gatewayUrl: null, gatewayToken: null, limits: { resendSeconds: 60, perNumberHour: 5, perNumberDay: 10, perIpHour: 20 } },
      captcha: { maxNumber: 100_000, hmacKey: null },
      chatSigningSecret: null,
      sessionTtlSeconds: 30 * 86_400,
      login: { throttleAfter: 3, lockAfter: 10, numberLockAfter: 10, ipThrottleAfter: 3, ipLockAfter: 10, windowSeconds: 900, lockSeconds: 900, maxDelaySeconds: 60 },
      reset: { failuresPerIpHour: 10 },
    });
    expect(accounts.sms.limits).toEqual(DEFAULT_SMS_LIMITS);
    expect(accounts.login).toEqual(DEFAULT_LOGIN_LIMITS);
  });

  it('reads every override', () => {
    const accounts = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: 'https://sms.example.test/send',
      SMS_GATEWAY_TOKEN: 'gateway-token',
      SMS_RESEND_SECONDS: '5',
      SMS_PER_NUMBER_HOUR: '50',
      SMS_PER_NUMBER_DAY: '100',
      SMS_PER_IP_HOUR: '1000',
      CAPTCHA_MAX_NUMBER: '100',
      CAPTCHA_HMAC_KEY: 'captcha-key',
      CHAT_SIGNING_SECRET: 'chat-secret',
      SESSION_TTL_DAYS: '7',
      LOGIN_THROTTLE_AFTER: '4',
      LOGIN_LOCK_AFTER: '12',
      LOGIN_NUMBER_LOCK_AFTER: '40',
      LOGIN_IP_THROTTLE_AFTER: '100',
      LOGIN_IP_LOCK_AFTER: '200',
      LOGIN_WINDOW_MINUTES: '30',
      LOGIN_LOCK_MINUTES: '20',
      LOGIN_MAX_DELAY_SECONDS: '30',
      RESET_FAILURES_PER_IP_HOUR: '25',
    }).accounts;
    expect(accounts).toEqual({
      sms: {
        provider: 'http',
        gatewayUrl: 'https://sms.example.test/send',
        gatewayToken: 'gateway-token',
        limits: { resendSeconds: 5, perNumberHour: 50, perNumberDay: 100, perIpHour: 1000 },
      },
      captcha: { maxNumber: 100, hmacKey: 'captcha-key' },
      chatSigningSecret: 'chat-secret',
      sessionTtlSeconds: 7 * 86_400,
      login: { throttleAfter: 4, lockAfter: 12, numberLockAfter: 40, ipThrottleAfter: 100, ipLockAfter: 200, windowSeconds: 1800, lockSeconds: 1200, maxDelaySeconds: 30 },
      reset: { failuresPerIpHour: 25 },
    });
  });

  it('per-IP login limits follow the per-number ones unless set', () => {
    expect(loadConfig({ LOGIN_THROTTLE_AFTER: '5', LOGIN_LOCK_AFTER: '8' }).accounts.login).toMatchObject({ ipThrottleAfter: 5, ipLockAfter: 8 });
  });

  it('refuses bad numbers and unknown providers, naming the variable', () => {
    const problems = problemsOf({
      CAPTCHA_MAX_NUMBER: '0',
      SESSION_TTL_DAYS: 'x',
      SMS_PER_IP_HOUR: '-1',
      SMS_PROVIDER: 'carrier-pigeon',
      LOGIN_NUMBER_LOCK_AFTER: '0',
      RESET_FAILURES_PER_IP_HOUR: 'many',
    });
    expect(problems).toEqual([
      'SMS_PROVIDER must be one of outbox, http, got "carrier-pigeon"',
      'SMS_PER_IP_HOUR must be a whole number from 1 to 1000000, got "-1"',
      'CAPTCHA_MAX_NUMBER must be a whole number from 1 to 100000000, got "0"',
      'SESSION_TTL_DAYS must be a whole number from 1 to 3650, got "x"',
      'LOGIN_NUMBER_LOCK_AFTER must be a whole number from 1 to 1000000, got "0"',
      'RESET_FAILURES_PER_IP_HOUR must be a whole number from 1 to 1000000, got "many"',
    ]);
  });

  it('http provider needs its gateway URL and token', () => {
    expect(problemsOf({ SMS_PROVIDER: 'http' })).toEqual([
      'SMS_PROVIDER=http needs SMS_GATEWAY_URL (http:// or https://)',
      'SMS_PROVIDER=http needs SMS_GATEWAY_TOKEN',
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'ftp://x', SMS_GATEWAY_TOKEN: 't' })).toHaveLength(1);
  });

  describe('production refuses the outbox unless explicitly allowed', () => {
    it.each([
      [{}],
      [{ SMS_PROVIDER: 'outbox' }],
      [{ ALLOW_SMS_OUTBOX: '1' }],
      [{ SMS_PROVIDER: 'outbox', ALLOW_SMS_OUTBOX: 'yes' }],
    ])('refuses %j', (extra) => {
      const problems = problemsOf({ NODE_ENV: 'production', ...extra });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/NODE_ENV=production with the SMS outbox: codes would only be logged, never sent/);
      expect(problems[0]).toMatch(/SMS_PROVIDER=outbox and ALLOW_SMS_OUTBOX=1/);
    });

    it('starts with SMS_PROVIDER=outbox ALLOW_SMS_OUTBOX=1, or with the http provider', () => {
      expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', ALLOW_SMS_OUTBOX: '1' })).toEqual([]);
      expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'https://sms.test/x', SMS_GATEWAY_TOKEN: 't' })).toEqual([]);
      expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    });
  });
});

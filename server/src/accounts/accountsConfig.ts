import { SMS_RESEND_SECONDS } from '@sports/shared/server';
import { type ReadVar, parseInteger } from '../infra/config/envVars';

/** The accounts part of the configuration (SMS, captcha, sessions, login limits, chat signing). */
export interface AccountsConfig {
  sms: SmsConfig;
  captcha: CaptchaConfig;
  /** HMAC secret for guest chat signatures; null: generated once into DATA_DIR/chat-secret. */
  chatSigningSecret: string | null;
  sessionTtlSeconds: number;
  login: LoginLimits;
  reset: ResetLimits;
}

export const SMS_PROVIDERS = ['outbox', 'http'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export interface SmsConfig {
  provider: SmsProviderName;
  gatewayUrl: string | null;
  gatewayToken: string | null;
  limits: SmsLimits;
}

export interface SmsLimits {
  /** A new code for the same number and purpose no sooner than this. */
  resendSeconds: number;
  perNumberHour: number;
  perNumberDay: number;
  perIpHour: number;
}

export interface CaptchaConfig {
  /** Proof-of-work size: the solver tries up to this many counters (half of it at least). */
  maxNumber: number;
  /** HMAC key for challenges; null: generated once into DATA_DIR/captcha-secret. */
  hmacKey: string | null;
}

export interface LoginLimits {
  /** Failures (per number + address) in the window after which each attempt must wait progressively. */
  throttleAfter: number;
  /** Failures (per number + address) in the window that lock that address out of the number. */
  lockAfter: number;
  /** Failures of a number from all addresses in the window after which its login needs an SMS code too. */
  numberLockAfter: number;
  ipThrottleAfter: number;
  ipLockAfter: number;
  windowSeconds: number;
  lockSeconds: number;
  /** The progressive wait doubles from 2 s up to this. */
  maxDelaySeconds: number;
}

export interface ResetLimits {
  /** Refused password resets (wrong, missing or expired code) one client address gets an hour. */
  failuresPerIpHour: number;
}

export const DEFAULT_RESET_LIMITS: ResetLimits = { failuresPerIpHour: 10 };
export const DEFAULT_SMS_LIMITS: SmsLimits = { resendSeconds: SMS_RESEND_SECONDS, perNumberHour: 5, perNumberDay: 10, perIpHour: 20 };
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  throttleAfter: 3,
  lockAfter: 10,
  numberLockAfter: 10,
  ipThrottleAfter: 3,
  ipLockAfter: 10,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  maxDelaySeconds: 60,
};
export const DEFAULT_SESSION_TTL_DAYS = 30;
export const DEFAULT_CAPTCHA_MAX_NUMBER = 100_000;


export function loadAccountsConfig(read: ReadVar, nodeEnv: string, problems: string[]): AccountsConfig {
  const int = (name: string, fallback: number, min: number, max: number) => parseInteger(name, read(name), { fallback, min, max }, problems);
  const sms: SmsConfig = {
    provider: parseProvider(read('SMS_PROVIDER'), problems),
    gatewayUrl: read('SMS_GATEWAY_URL') ?? null,
    gatewayToken: read('SMS_GATEWAY_TOKEN') ?? null,
    limits: {
      resendSeconds: int('SMS_RESEND_SECONDS', DEFAULT_SMS_LIMITS.resendSeconds, 1, 3600),
      perNumberHour: int('SMS_PER_NUMBER_HOUR', DEFAULT_SMS_LIMITS.perNumberHour, 1, 1_000_000),
      perNumberDay: int('SMS_PER_NUMBER_DAY', DEFAULT_SMS_LIMITS.perNumberDay, 1, 1_000_000),
      perIpHour: int('SMS_PER_IP_HOUR', DEFAULT_SMS_LIMITS.perIpHour, 1, 1_000_000),
    },
  };
  checkSmsProvider(sms, read, nodeEnv, problems);
  const lockAfter = int('LOGIN_LOCK_AFTER', DEFAULT_LOGIN_LIMITS.lockAfter, 1, 1_000_000);
  const throttleAfter = int('LOGIN_THROTTLE_AFTER', DEFAULT_LOGIN_LIMITS.throttleAfter, 1, 1_000_000);
  return {
    sms,
    captcha: {
      maxNumber: int('CAPTCHA_MAX_NUMBER', DEFAULT_CAPTCHA_MAX_NUMBER, 1, 100_000_000),
      hmacKey: read('CAPTCHA_HMAC_KEY') ?? null,
    },
    chatSigningSecret: read('CHAT_SIGNING_SECRET') ?? null,
    sessionTtlSeconds: int('SESSION_TTL_DAYS', DEFAULT_SESSION_TTL_DAYS, 1, 3650) * 86_400,
    login: {
      throttleAfter,
      lockAfter,
      numberLockAfter: int('LOGIN_NUMBER_LOCK_AFTER', DEFAULT_LOGIN_LIMITS.numberLockAfter, 1, 1_000_000),
      ipThrottleAfter: int('LOGIN_IP_THROTTLE_AFTER', throttleAfter, 1, 1_000_000),
      ipLockAfter: int('LOGIN_IP_LOCK_AFTER', lockAfter, 1, 1_000_000),
      windowSeconds: int('LOGIN_WINDOW_MINUTES', DEFAULT_LOGIN_LIMITS.windowSeconds / 60, 1, 1440) * 60,
      lockSeconds: int('LOGIN_LOCK_MINUTES', DEFAULT_LOGIN_LIMITS.lockSeconds / 60, 1, 1440) * 60,
      maxDelaySeconds: int('LOGIN_MAX_DELAY_SECONDS', DEFAULT_LOGIN_LIMITS.maxDelaySeconds, 1, 3600),
    },
    reset: {
      failuresPerIpHour: int('RESET_FAILURES_PER_IP_HOUR', DEFAULT_RESET_LIMITS.failuresPerIpHour, 1, 1_000_000),
    },
  };
}

function parseProvider(raw: string | undefined, problems: string[]): SmsProviderName {
  if (raw === undefined) return 'outbox';
  const match = SMS_PROVIDERS.find((name) => name === raw);
  if (match === undefined) problems.push(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${raw}"`);
  return match ?? 'outbox';
}

/**
 * The outbox sends nothing: in production that must be a deliberate choice, never a default.
 * The http provider needs its gateway.
 */
function checkSmsProvider(sms: SmsConfig, read: ReadVar, nodeEnv: string, problems: string[]): void {
  if (sms.provider === 'http') {
    if (sms.gatewayUrl === null || !/^https?:\/\//.test(sms.gatewayUrl)) problems.push('SMS_PROVIDER=http needs SMS_GATEWAY_URL (http:// or https://)');
    if (sms.gatewayToken === null) problems.push('SMS_PROVIDER=http needs SMS_GATEWAY_TOKEN');
    return;
  }
  if (nodeEnv === 'production' && !(read('SMS_PROVIDER') === 'outbox' && read('ALLOW_SMS_OUTBOX') === '1')) {
    problems.push(
      'NODE_ENV=production with the SMS outbox: codes would only be logged, never sent. ' +
        'Set SMS_PROVIDER=http with SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN, ' +
        'or accept the outbox explicitly with SMS_PROVIDER=outbox and ALLOW_SMS_OUTBOX=1',
    );
  }
}


/** The configuration with every default (tests start from it). */
export function defaultAccountsConfig(): AccountsConfig {
  return loadAccountsConfig(() => undefined, 'development', []);
}

import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type AccountsConfig, defaultAccountsConfig } from './accountsConfig';
import { createAltchaVerifier } from './captcha/altchaVerifier';
import type { CaptchaVerifier } from './captcha/captchaVerifier';
import { type Clock, systemClock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { loadOrCreateSecret } from '../infra/localSecret';
import { type SmsProvider, createSmsProvider } from './sms/smsProvider';
import { type UploadStore, createLocalUploadStore } from '../infra/storage/uploadStore';

/** Everything the account endpoints use besides the database; built once per app. */
export interface AccountServices {
  config: AccountsConfig;
  clock: Clock;
  sms: SmsProvider;
  captcha: CaptchaVerifier;
  uploads: UploadStore;
  /** Folder of the local upload store (served at /uploads/). */
  uploadsDir: string;
}

export interface AccountServicesOptions {
  db: Kysely<Database>;
  dataDir: string;
  log: FastifyBaseLogger;
  config?: AccountsConfig;
  /** Replacements (tests: a manual clock, an SMS provider of their own, another captcha). */
  overrides?: Partial<Pick<AccountServices, 'clock' | 'sms' | 'captcha'>>;
}

export const CAPTCHA_SECRET_FILE = 'captcha-secret';

export async function createAccountServices(options: AccountServicesOptions): Promise<AccountServices> {
  const config = options.config ?? defaultAccountsConfig();
  const clock = options.overrides?.clock ?? systemClock;
  const uploadsDir = path.join(options.dataDir, 'uploads');
  const captcha =
    options.overrides?.captcha ??
    createAltchaVerifier({
      db: options.db,
      hmacKey: await loadOrCreateSecret(config.captcha.hmacKey, options.dataDir, CAPTCHA_SECRET_FILE),
      maxNumber: config.captcha.maxNumber,
    });
  return {
    config,
    clock,
    sms: options.overrides?.sms ?? createSmsProvider(config.sms, { dataDir: options.dataDir, log: options.log, clock }),
    captcha,
    uploads: createLocalUploadStore(uploadsDir),
    uploadsDir,
  };
}

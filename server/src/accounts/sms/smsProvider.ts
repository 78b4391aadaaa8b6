import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../accountsConfig';
import type { Clock } from '../../infra/clock';

/** One verification code to deliver. `type` is the purpose: 1 register, 2 other. */
export interface SmsMessage {
  mobile: string;
  type: 1 | 2;
  code: string;
}

/** Delivers codes; throws when it could not (the code is then discarded). */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export const SMS_OUTBOX_FILE = 'sms-outbox.jsonl';

/**
 * The embedded default: sends nothing. The code is logged and appended as one JSON line
 * `{mobile, type, code, at}` to DATA_DIR/sms-outbox.jsonl, where a developer (or the e2e run)
 * reads it.
 */
export function createOutboxProvider(options: { dataDir: string; log: FastifyBaseLogger; clock: Clock }): SmsProvider {
  const file = path.join(options.dataDir, SMS_OUTBOX_FILE);
  return {
    name: 'outbox',
    async send(message) {
      const line = { mobile: message.mobile, type: message.type, code: message.code, at: options.clock().toISOString() };
      options.log.info(line, `SMS outbox (not sent): code ${message.code} for ${message.mobile}`);
      await fs.mkdir(options.dataDir, { recursive: true });
      await fs.appendFile(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    },
  };
}

/** Production: POST `{mobile, type, code}` as JSON to SMS_GATEWAY_URL with a bearer token. */
export function createHttpSmsProvider(options: { url: string; token: string; timeoutMs?: number }): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
        body: JSON.stringify({ mobile: message.mobile, type: message.type, code: message.code }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}

export function createSmsProvider(config: SmsConfig, options: { dataDir: string; log: FastifyBaseLogger; clock: Clock }): SmsProvider {
  if (config.provider === 'http' && config.gatewayUrl !== null && config.gatewayToken !== null) {
    return createHttpSmsProvider({ url: config.gatewayUrl, token: config.gatewayToken });
  }
  return createOutboxProvider(options);
}

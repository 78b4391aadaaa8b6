import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the server (DATA_DIR = e2e/.data/<port>, see playwright.config.ts) appends the codes it "sends". */
export const SMS_OUTBOX_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', process.env.E2E_PORT ?? '18180', 'sms-outbox.jsonl');

export interface OutboxEntry {
  mobile: string;
  type: 1 | 2;
  code: string;
  at: string;
}

async function readOutbox(): Promise<OutboxEntry[]> {
  let text: string;
  try {
    text = await readFile(SMS_OUTBOX_PATH, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as OutboxEntry];
      } catch {
        return []; // a line being written right now
      }
    });
}

export interface WaitForCodeOptions {
  /** Only a code of this purpose (1 register, 2 other). */
  type?: 1 | 2;
  /** Only a code written after this code (a resend). */
  notCode?: string;
  /** Only a code written after the first `afterCount` codes of this number and purpose (smsCodeCount). */
  afterCount?: number;
  timeoutMs?: number;
}

const codesOf = async (mobile: string, type: 1 | 2 | undefined) => (await readOutbox()).filter((entry) => entry.mobile === mobile && (type === undefined || entry.type === type));

/**
 * How many codes of this purpose the outbox holds for `mobile` now: taken before asking for a
 * code, so the wait below cannot return an earlier one (a retried journey's used code).
 */
export async function smsCodeCount(mobile: string, type?: 1 | 2): Promise<number> {
  return (await codesOf(mobile, type)).length;
}

/** Waits for the newest SMS code for `mobile` (e.g. '86-13912345678') in the outbox file. */
export async function waitForSmsCode(mobile: string, options: WaitForCodeOptions = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const entries = (await codesOf(mobile, options.type)).filter((entry, index) => entry.code !== options.notCode && index >= (options.afterCount ?? 0));
    const newest = entries.at(-1);
    if (newest) return newest.code;
    if (Date.now() > deadline) throw new Error(`no SMS code for ${mobile} in ${SMS_OUTBOX_PATH}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

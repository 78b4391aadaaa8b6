import { BusinessError } from './businessError';
import { accountErrors } from './errors/accountErrors';
import { communityErrors } from './errors/communityErrors';
import { engagementErrors } from './errors/engagementErrors';
import type { EntrySpec, Message } from './errors/entry';
import { liveErrors } from './errors/liveErrors';
import { platformErrors } from './errors/platformErrors';
import { releaseErrors } from './errors/releaseErrors';
import { scoresErrors } from './errors/scoresErrors';
import { walletErrors } from './errors/walletErrors';

/**
 * The one table of the failures the API answers, in the style of Fastify's `lib/errors.js`.
 * Each entry has a stable reason key (its name here, SCREAMING_SNAKE), the envelope code (1
 * unless SPEC.md section 8 gives the failure its own), the HTTP status and the zh-CN message.
 * The answer is `{ code, msg, data: null, reason }`: the page's interceptor reads `code` and shows
 * `msg` as before, and clients and tests tell failures apart by `reason`, which never changes once
 * published (the message may be reworded; the key may not).
 *
 * Throwing: `throw errors.SMS_RESEND_TOO_SOON(formatWait(ms))` — the parameters are those of the
 * message function, checked by TypeScript. Reading a message (tests, logs): `errors.X.message`.
 *
 * The entries live in one file per domain (errors/*Errors.ts, each made with errors/entry.ts) and
 * are joined here into the one table; a reason key is in one group only (errorCatalogue.test.ts).
 * To add an entry: pick the domain group, name what went wrong (not where), keep code 1 and HTTP
 * 200 unless the client must act differently (rate limit 429, forbidden 403, …).
 *
 * WebSocket frames (chat/chatMessages.ts, realtime/liveDataProtocol.ts) are not HTTP answers and
 * keep their own texts.
 */

type ParamsOf<M extends Message> = M extends (...params: infer P) => string ? P : [];

/** One catalogue entry: call it to get the error to throw. */
export interface CatalogueEntry<M extends Message = Message> {
  (...params: ParamsOf<M>): BusinessError;
  readonly reason: string;
  readonly code: number;
  readonly status: number;
  /** The text (or the function making it): what users read. */
  readonly message: M;
}

/** Names every entry after its key, so a reason key can never disagree with its name. */
function catalogue<Table extends Record<string, EntrySpec<Message>>>(table: Table): { readonly [K in keyof Table]: CatalogueEntry<Table[K]['message']> } {
  const named: Record<string, CatalogueEntry> = {};
  for (const [reason, spec] of Object.entries(table)) {
    const make = (...params: unknown[]): BusinessError => {
      const msg = typeof spec.message === 'function' ? (spec.message as (...p: unknown[]) => string)(...params) : spec.message;
      return new BusinessError(spec.code, msg, spec.status, reason);
    };
    named[reason] = Object.assign(make, { reason, code: spec.code, status: spec.status, message: spec.message }) as unknown as CatalogueEntry;
  }
  return named as { readonly [K in keyof Table]: CatalogueEntry<Table[K]['message']> };
}

/** Every domain's group, in the table's order. */
export const errorGroups = { platformErrors, accountErrors, liveErrors, scoresErrors, walletErrors, communityErrors, engagementErrors, releaseErrors };

export const errors = catalogue({
  ...platformErrors,
  ...accountErrors,
  ...liveErrors,
  ...scoresErrors,
  ...walletErrors,
  ...communityErrors,
  ...engagementErrors,
  ...releaseErrors,
});

export type ReasonKey = keyof typeof errors;

type Limit = number | string;

/**
 * The texts of VALIDATION's message, one per JSON-schema keyword: validationMessages.ts picks the
 * most useful schema error and the field's name, these say what is wrong with it.
 */
export const validationTexts = {
  fallback: '参数错误',
  required: (field: string) => `缺少参数 ${field}`,
  type: (field: string) => `${field} 类型错误`,
  controlCharacter: (field: string) => `${field} 不能包含控制字符`,
  maxLength: (field: string, limit: Limit) => `${field} 长度不能超过 ${limit} 个字符`,
  minLength: (field: string, limit: Limit) => (limit === 1 ? `${field} 不能为空` : `${field} 长度不能少于 ${limit} 个字符`),
  maximum: (field: string, limit: Limit) => `${field} 不能大于 ${limit}`,
  minimum: (field: string, limit: Limit) => `${field} 不能小于 ${limit}`,
  maxItems: (field: string, limit: Limit) => `${field} 最多 ${limit} 项`,
  minItems: (field: string, limit: Limit) => `${field} 至少 ${limit} 项`,
  format: (field: string) => `${field} 格式错误`,
  notAllowedValue: (field: string) => `${field} 取值无效`,
  unsupported: (field: string) => `不支持的参数 ${field}`,
} as const;

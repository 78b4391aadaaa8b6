import { IDEMPOTENCY_KEY_PATTERN, type OrderState } from '@sports/shared';

/** How often the page asks for the order's state while the member pays in the other tab. */
export const RECHARGE_POLL_MS = 2_000;

/** Money in fen as the site shows it: ¥6.00, ¥498.00 (integers only, never a float). */
export function formatYuan(fen: number): string {
  const whole = Math.trunc(fen);
  return `¥${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/**
 * A fresh key for one purchase attempt (the `Idempotency-Key` header): a UUID. `crypto.randomUUID`
 * exists only in secure contexts (https, localhost); elsewhere the same 122 random bits come from
 * `getRandomValues`, which every browser has.
 */
export function newIdempotencyKey(): string {
  const key =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : (() => {
          const bytes = crypto.getRandomValues(new Uint8Array(16));
          bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
          bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
          const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
          return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
        })();
  if (!KEY.test(key)) throw new Error('idempotency key out of pattern');
  return key;
}

/** The states after which an order never changes (as far as this page waits). */
export function isFinalOrderState(state: OrderState): state is Exclude<OrderState, 'pending'> {
  return state !== 'pending';
}

/**
 * When the page stops waiting: the order's expiry (the server's clock), at least one poll from now
 * (a page clock ahead of the server's must not give up before asking once), plus one poll for the
 * server to mark it expired itself.
 */
export function pollDeadline(expiresAt: string, now: number): number {
  const expiry = Date.parse(expiresAt);
  return Math.max(Number.isNaN(expiry) ? now : expiry, now + RECHARGE_POLL_MS) + RECHARGE_POLL_MS;
}

import { ApiError } from '@sports/shared';
import { newIdempotencyKey } from '../member/recharge';

/**
 * One Idempotency-Key per intent (a conversion of N coins; a withdrawal of this amount to this
 * account). Asking again for the same intent after an answer that never came (network failure,
 * timeout, server error) sends the same key, so the server applies it at most once and answers
 * the first result. A definite answer ends the intent: success, or a refusal the server gave
 * (code 1: nothing was applied), after which the next try is a new intent with a new key.
 */
export class IntentKeys {
  private current: { intent: string; key: string } | null = null;

  keyFor(intent: string): string {
    if (this.current === null || this.current.intent !== intent) this.current = { intent, key: newIdempotencyKey() };
    return this.current.key;
  }

  /** After the call: keep the key only when the outcome is unknown. */
  settle(error?: unknown): void {
    if (error === undefined || !isUnknownOutcome(error)) this.current = null;
  }
}

/** No answer, the server's own fault (SERVER_BUSY, a 5xx), or anything but a refusal: it may or may not have been applied. */
export function isUnknownOutcome(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code !== 1 || error.reason === 'SERVER_BUSY';
}

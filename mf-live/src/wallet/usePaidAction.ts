import { useRef, useState } from 'react';
import { ApiError, type RemoteContext } from '@sports/shared';
import { newIdempotencyKey } from '../gifts/idempotencyKey';
import { showBalance } from './showBalance';

const INSUFFICIENT_BALANCE = 'WALLET_INSUFFICIENT_BALANCE';

/** Why the last attempt did not go through: too little balance (the server's message), or no answer. */
export type PaidActionProblem = { kind: 'insufficient'; message: string } | { kind: 'unknown' } | null;

export interface PaidActionOptions<Intent, Result extends { balance: number }> {
  /** The paid call, sent with the attempt's Idempotency-Key. */
  perform: (intent: Intent, key: string) => Promise<Result>;
  /** After the server applied it (toast, clear the input, reload…). */
  onDone?: (result: Result, intent: Intent) => void;
  /** Whether the answer's balance replaces the shared user's (default: always). */
  charged?: (result: Result) => boolean;
}

/**
 * One paid action of the room (a gift, a guard, a styled danmaku, a horn). `start(intent)` sends a
 * new attempt with a fresh Idempotency-Key; when the answer never came (network), the attempt is
 * kept and `retry()` sends it again with the same key, so the server applies it at most once. The
 * new balance goes to the shared session's user (the host's menu follows at once). Too little
 * balance gives `problem.kind === 'insufficient'` with the server's message; other refusals were
 * shown by the API client.
 */
export function usePaidAction<Intent, Result extends { balance: number }>(context: RemoteContext, options: PaidActionOptions<Intent, Result>) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<PaidActionProblem>(null);
  const unknownAttempt = useRef<{ key: string; intent: Intent } | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const send = async (attempt: { key: string; intent: Intent }) => {
    const { perform, onDone, charged } = optionsRef.current;
    setPending(true);
    setProblem(null);
    try {
      const result = await perform(attempt.intent, attempt.key);
      unknownAttempt.current = null;
      if (charged?.(result) ?? true) showBalance(context, result.balance);
      onDone?.(result, attempt.intent);
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError) {
        // No answer: it may or may not have been applied. Retrying this attempt reuses its key.
        unknownAttempt.current = attempt;
        setProblem({ kind: 'unknown' });
      } else {
        unknownAttempt.current = null;
        if (error instanceof ApiError && error.reason === INSUFFICIENT_BALANCE) setProblem({ kind: 'insufficient', message: error.message });
        // Other refusals: the API client has shown the server's message.
      }
    } finally {
      setPending(false);
    }
  };

  const start = (intent: Intent) => {
    void send({ key: newIdempotencyKey(), intent });
  };

  const retry = () => {
    const attempt = unknownAttempt.current;
    if (attempt && !pending) void send(attempt);
  };

  return { pending, problem, clearProblem: () => setProblem(null), start, retry };
}

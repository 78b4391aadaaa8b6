import type { State, WidgetMethods } from 'altcha/types';
import { accountCopy } from './accountCopy';

/**
 * How long the widget waits for its challenge. `fetch` has no timeout of its own: on a stalled
 * connection (a phone between cells, a server that never answers) the box would spin for
 * minutes. Past this the widget shows its error, and ticking the box asks again.
 */
export const CHALLENGE_FETCH_TIMEOUT_MS = 10_000;

/**
 * A verification still running after this long has stalled (the solve itself takes well under a
 * second; a challenge request gives up at CHALLENGE_FETCH_TIMEOUT_MS): a solver worker never
 * answered. The widget is set to its error state, so ticking the box starts over with new workers
 * instead of spinning on.
 */
export const VERIFY_STALL_MS = 20_000;

/** A `fetch` that gives up after `timeoutMs` (altcha's `fetch` option, for its challenge request). */
export function boundedFetch(timeoutMs: number): typeof fetch {
  return (input, init) => {
    // A signal of the caller's own wins (the widget sets none today); Safari before 16 has no timeout().
    if (init?.signal || typeof AbortSignal.timeout !== 'function') return fetch(input, init);
    return fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  };
}

type AltchaElement = HTMLElement & Partial<Pick<WidgetMethods, 'reset' | 'setState'>>;

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

/**
 * Follows an `<altcha-widget>`'s 'statechange' events: reports the solution (or null while there
 * is none) and ends a verification that stalls past `stallMs`. Returns the clean-up.
 */
export function watchAltchaWidget(widget: AltchaElement, onSolution: (solution: string | null) => void, stallMs = VERIFY_STALL_MS): () => void {
  let stall: ReturnType<typeof setTimeout> | undefined;
  const onStateChange = (event: Event) => {
    const detail = (event as CustomEvent<StateChangeDetail>).detail;
    onSolution(detail.state === 'verified' && detail.payload ? detail.payload : null);
    clearTimeout(stall);
    if (detail.state === 'verifying') stall = setTimeout(() => giveUp(widget), stallMs);
  };
  widget.addEventListener('statechange', onStateChange);
  return () => {
    clearTimeout(stall);
    widget.removeEventListener('statechange', onStateChange);
  };
}

/** Aborts the widget's verification (reset), then shows why: its error state, with a retry tick. */
function giveUp(widget: AltchaElement): void {
  widget.reset?.();
  widget.setState?.('error' as State, accountCopy.captchaStalled);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountCopy } from './accountCopy';
import { boundedFetch, watchAltchaWidget } from './altchaWatch';

describe('boundedFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The page's fetch as the network has it: a request that never answers ends only when its signal aborts. */
  function neverAnswering(): AbortSignal[] {
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      const signal = init?.signal;
      if (signal) signals.push(signal);
      return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    });
    return signals;
  }

  it('gives up on a challenge that never comes, after its timeout', async () => {
    neverAnswering();
    const started = Date.now();
    await expect(boundedFetch(100)('/api/captcha/challenge')).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it("keeps the caller's own signal", async () => {
    const signals = neverAnswering();
    const controller = new AbortController();
    const answer = boundedFetch(60_000)('/api/captcha/challenge', { signal: controller.signal });
    expect(signals).toEqual([controller.signal]);
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('watchAltchaWidget', () => {
  afterEach(() => vi.useRealTimers());

  /** A stand-in for <altcha-widget>: it dispatches 'statechange' and records reset/setState. */
  function fakeWidget() {
    const calls: string[] = [];
    const widget = Object.assign(new EventTarget(), {
      reset: () => calls.push('reset'),
      setState: (state: string, error?: string | null) => calls.push(`setState ${state} ${error ?? ''}`),
    });
    const change = (state: string, payload?: string) => widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
    return { widget: widget as unknown as HTMLElement, calls, change };
  }

  it('reports the payload once verified, null otherwise', () => {
    const { widget, change } = fakeWidget();
    const solutions: (string | null)[] = [];
    watchAltchaWidget(widget, (solution) => solutions.push(solution));
    change('verifying');
    change('verified', 'cGF5bG9hZA==');
    change('expired');
    expect(solutions).toEqual([null, 'cGF5bG9hZA==', null]);
  });

  it('ends a verification that stalls: reset, then the error state with why', () => {
    vi.useFakeTimers();
    const { widget, calls, change } = fakeWidget();
    watchAltchaWidget(widget, () => undefined, 1_000);
    change('verifying');
    vi.advanceTimersByTime(999);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['reset', `setState error ${accountCopy.captchaStalled}`]);
  });

  it('leaves a verification that ends in time, and stops watching on clean-up', () => {
    vi.useFakeTimers();
    const { widget, calls, change } = fakeWidget();
    const stop = watchAltchaWidget(widget, () => undefined, 1_000);
    change('verifying');
    change('verified', 'x');
    vi.advanceTimersByTime(5_000);
    change('verifying');
    stop();
    vi.advanceTimersByTime(5_000);
    expect(calls).toEqual([]);
  });
});

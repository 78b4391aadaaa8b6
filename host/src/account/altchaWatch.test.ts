import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostMessages } from '../messages';
import { boundedFetch, watchAltchaWidget } from './altchaWatch';

describe('boundedFetch', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A server on a free loopback port: '/ok' answers, anything else is never answered. */
  async function listen(): Promise<string> {
    server = createServer((request, response) => {
      if (request.url === '/ok') response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('gives up on a server that never answers', async () => {
    const base = await listen();
    const started = Date.now();
    await expect(boundedFetch(100)(`${base}/hang`)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('passes an answer through', async () => {
    const base = await listen();
    expect(await (await boundedFetch(5_000)(`${base}/ok`)).json()).toEqual({ ok: true });
  });

  it("keeps the caller's own signal", async () => {
    const base = await listen();
    const controller = new AbortController();
    const answer = boundedFetch(60_000)(`${base}/hang`, { signal: controller.signal });
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
    expect(calls).toEqual(['reset', `setState error ${hostMessages.account.captchaStalled}`]);
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

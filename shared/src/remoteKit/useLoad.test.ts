import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLoad, useReloadOn } from './useLoad';

afterEach(cleanup);

/** A promise the test settles by hand. */
function deferred<Value>() {
  let resolve!: (value: Value) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Value>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('goes loading → ready with the data', async () => {
    const { result } = renderHook(() => useLoad('a', async () => 'data a'));
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'data a' }));
  });

  it('goes loading → failed, and retry shows loading again then the data', async () => {
    let attempt = 0;
    const answers = [deferred<string>(), deferred<string>()];
    const { result } = renderHook(() => useLoad('a', () => answers[attempt++]!.promise));
    await act(async () => answers[0]!.reject(new Error('down')));
    expect(result.current.state).toEqual({ status: 'failed' });

    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => answers[1]!.resolve('back'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'back' });
  });

  it('drops an answer for an older key', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ key }) => useLoad(key, () => answers[key]!.promise), { initialProps: { key: 'a' } });
    rerender({ key: 'b' });
    await act(async () => answers.b!.resolve('data b'));
    await act(async () => answers.a!.resolve('data a'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'data b' });
  });

  it('does not load while the key is null', () => {
    let calls = 0;
    const { result } = renderHook(() => useLoad(null, async () => ++calls));
    expect(calls).toBe(0);
    expect(result.current.state).toEqual({ status: 'loading' });
  });

  it('reloads quietly: keeps the data while it runs and after a failure', async () => {
    let attempt = 0;
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    const { result } = renderHook(() => useLoad('a', () => answers[attempt++]!.promise));
    await act(async () => answers[0]!.resolve('first'));

    act(() => result.current.reload());
    expect(result.current.state).toEqual({ status: 'ready', data: 'first' });
    await act(async () => answers[1]!.reject(new Error('blip')));
    expect(result.current.state).toEqual({ status: 'ready', data: 'first' });

    act(() => result.current.reload());
    await act(async () => answers[2]!.resolve('second'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'second' });
  });
});

describe('useReloadOn', () => {
  it('calls reload when the signature changes after the first render, not on it', () => {
    let reloads = 0;
    const reload = () => (reloads += 1);
    const { rerender } = renderHook(({ signature }) => useReloadOn(signature, reload), { initialProps: { signature: '1-0' } });
    expect(reloads).toBe(0);
    rerender({ signature: '1-0' });
    expect(reloads).toBe(0);
    rerender({ signature: '2-0' });
    expect(reloads).toBe(1);
  });
});

import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CursorPage, useCursorList } from './useCursorList';

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

type Page = CursorPage<number>;

describe('useCursorList', () => {
  it('loads the first page, then appends the page after next_cursor until it is null', async () => {
    const pages = [deferred<Page>(), deferred<Page>()];
    const cursors: (string | undefined)[] = [];
    const { result } = renderHook(() =>
      useCursorList<number>('a', (cursor) => {
        cursors.push(cursor);
        return pages[cursors.length - 1]!.promise;
      }),
    );
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => pages[0]!.resolve({ list: [3, 2], next_cursor: 'c2' }));
    expect(result.current.state).toEqual({ status: 'ready', items: [3, 2], cursor: 'c2', more: 'idle' });

    act(() => result.current.loadMore());
    expect(result.current.state).toMatchObject({ more: 'loading' });
    await act(async () => pages[1]!.resolve({ list: [1], next_cursor: null }));
    expect(result.current.state).toEqual({ status: 'ready', items: [3, 2, 1], cursor: null, more: 'idle' });
    expect(cursors).toEqual([undefined, 'c2']);

    act(() => result.current.loadMore());
    expect(cursors).toHaveLength(2);
  });

  it('keeps the rows when a further page fails, and loadMore retries it', async () => {
    const pages = [deferred<Page>(), deferred<Page>(), deferred<Page>()];
    let calls = 0;
    const { result } = renderHook(() => useCursorList<number>('a', () => pages[calls++]!.promise));
    await act(async () => pages[0]!.resolve({ list: [2], next_cursor: 'c' }));
    act(() => result.current.loadMore());
    await act(async () => pages[1]!.reject(new Error('down')));
    expect(result.current.state).toEqual({ status: 'ready', items: [2], cursor: 'c', more: 'failed' });

    act(() => result.current.loadMore());
    await act(async () => pages[2]!.resolve({ list: [1], next_cursor: null }));
    expect(result.current.state).toEqual({ status: 'ready', items: [2, 1], cursor: null, more: 'idle' });
  });

  it('shows failed when the first page fails, and retry loads it again', async () => {
    const pages = [deferred<Page>(), deferred<Page>()];
    let calls = 0;
    const { result } = renderHook(() => useCursorList<number>('a', () => pages[calls++]!.promise));
    await act(async () => pages[0]!.reject(new Error('down')));
    expect(result.current.state).toEqual({ status: 'failed' });

    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => pages[1]!.resolve({ list: [1], next_cursor: null }));
    expect(result.current.state).toEqual({ status: 'ready', items: [1], cursor: null, more: 'idle' });
  });

  it('drops an answer for an older key', async () => {
    const pages: Record<string, ReturnType<typeof deferred<Page>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ key }) => useCursorList<number>(key, () => pages[key]!.promise), { initialProps: { key: 'a' } });
    rerender({ key: 'b' });
    await act(async () => pages.b!.resolve({ list: [2], next_cursor: null }));
    await act(async () => pages.a!.resolve({ list: [1], next_cursor: null }));
    expect(result.current.state).toEqual({ status: 'ready', items: [2], cursor: null, more: 'idle' });
  });

  it('loads nothing while the key is null', () => {
    let calls = 0;
    const { result } = renderHook(() => useCursorList<number>(null, async () => ({ list: [++calls], next_cursor: null })));
    expect(calls).toBe(0);
    expect(result.current.state).toEqual({ status: 'loading' });
  });

  it('update changes the rows in place without loading', async () => {
    const page = deferred<Page>();
    let calls = 0;
    const { result } = renderHook(() =>
      useCursorList<number>('a', () => {
        calls += 1;
        return page.promise;
      }),
    );
    await act(async () => page.resolve({ list: [1, 2, 3], next_cursor: 'c' }));
    act(() => result.current.update((items) => items.filter((item) => item !== 2)));
    expect(result.current.state).toEqual({ status: 'ready', items: [1, 3], cursor: 'c', more: 'idle' });
    expect(calls).toBe(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './nextTask';

describe('nextTask', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves after the current task, not within it (microtasks queued now run first)', async () => {
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('this task');
    await done;
    expect(order).toEqual(['this task', 'microtask', 'next task']);
  });

  it('does not wait for timers, so fake timers in a test do not hold it', async () => {
    vi.useFakeTimers();
    let resolved = false;
    void nextTask().then(() => (resolved = true));
    await vi.waitFor(() => expect(resolved).toBe(true), { interval: 1, timeout: 1000 });
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });
});

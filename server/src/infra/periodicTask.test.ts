import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from './periodicTask';

describe('PeriodicTask', () => {
  afterEach(() => vi.useRealTimers());

  it('runs on its timer, never two at once, and goes on after a failure (logged)', async () => {
    vi.useFakeTimers();
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    let started = 0;
    let release: () => void = () => undefined;
    let fail = false;
    const task = new PeriodicTask({
      everyMs: 1_000,
      log,
      failureMessage: 'counting failed',
      work: () => {
        started += 1;
        if (fail) return Promise.reject(new Error('database gone'));
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    // Still running: the next ticks share it.
    await vi.advanceTimersByTimeAsync(2_000);
    const shared = task.tick();
    expect(started).toBe(1);
    release();
    await shared;
    fail = true;
    await task.tick();
    expect(started).toBe(2);
    expect(warnings).toEqual(['counting failed']);
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(3);
    const stopping = task.stop();
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(3);
  });
});

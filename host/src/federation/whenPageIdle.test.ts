import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, SETTLE_LIMIT_MS, whenPageIdle } from './whenPageIdle';

/** A PerformanceObserver whose 'resource' entries the test reports by hand. */
class FakeResourceObserver {
  static supportedEntryTypes = ['resource'];
  static observers: FakeResourceObserver[] = [];
  connected = false;
  constructor(private readonly callback: () => void) {
    FakeResourceObserver.observers.push(this);
  }
  observe(): void {
    this.connected = true;
  }
  disconnect(): void {
    this.connected = false;
  }
  /** A resource finished loading. */
  static report(): void {
    for (const observer of FakeResourceObserver.observers) if (observer.connected) observer.callback();
  }
}

let readyState: DocumentReadyState;
let idle: Array<() => void>;

beforeEach(() => {
  vi.useFakeTimers();
  readyState = 'interactive';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  FakeResourceObserver.observers = [];
  vi.stubGlobal('PerformanceObserver', FakeResourceObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('whenPageIdle', () => {
  it('waits for the load event, then for a quiet network, then for idle time', () => {
    const task = vi.fn();
    whenPageIdle(task);
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(idle).toHaveLength(0);
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(task).not.toHaveBeenCalled();
    idle[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
    // Once only, and the observer is let go.
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(idle).toHaveLength(1);
    expect(FakeResourceObserver.observers.every((observer) => !observer.connected)).toBe(true);
  });

  it('each resource finishing after the load event (a remote chunk, the widgets’ data) starts the quiet time again', () => {
    readyState = 'complete';
    const task = vi.fn();
    whenPageIdle(task);
    for (let step = 0; step < 5; step++) {
      vi.advanceTimersByTime(QUIET_MS - 100);
      FakeResourceObserver.report();
    }
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(QUIET_MS);
    expect(idle).toHaveLength(1);
  });

  it('a page that never goes quiet (a poll every half second) runs the task after SETTLE_LIMIT_MS', () => {
    readyState = 'complete';
    whenPageIdle(vi.fn());
    for (let elapsed = 0; elapsed < SETTLE_LIMIT_MS - 500; elapsed += 500) {
      vi.advanceTimersByTime(500);
      FakeResourceObserver.report();
    }
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(idle).toHaveLength(1);
  });

  it('without resource timing, waits QUIET_MS after the load event', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    readyState = 'complete';
    whenPageIdle(vi.fn());
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageIdle } from './whenPageIdle';

afterEach(() => vi.restoreAllMocks());

describe('whenPageIdle', () => {
  it('waits for the load event, then for idle time', () => {
    let readyState: DocumentReadyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const task = vi.fn();
    whenPageIdle(task);
    expect(idle).toHaveLength(0);
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('after the load event, waits for idle time only', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const task = vi.fn();
    whenPageIdle(task);
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});

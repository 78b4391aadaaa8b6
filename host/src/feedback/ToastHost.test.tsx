import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginModalOpenAtom } from '../account/loginModalOpen';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { ToastHost } from './ToastHost';
import { MAX_VISIBLE_TOASTS } from './useToastQueue';

describe('ToastHost', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stacks toasts in arrival order and removes each after its own duration', () => {
    const { eventBus } = renderWithHost(<ToastHost />);
    act(() => {
      eventBus.emit('toast', { kind: 'error', message: '出错了', durationMs: 5000 });
      eventBus.emit('toast', { kind: 'warning', message: '请登录后操作', durationMs: 3000 });
    });
    const shown = screen.getAllByTestId('toast');
    expect(shown.map((toast) => toast.textContent)).toEqual(['出错了', '请登录后操作']);
    expect(shown.map((toast) => toast.dataset.kind)).toEqual(['error', 'warning']);

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent)).toEqual(['出错了']);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('uses role alert for errors and status for the other kinds', () => {
    const { eventBus } = renderWithHost(<ToastHost />);
    act(() => {
      eventBus.emit('toast', { kind: 'error', message: 'e', durationMs: 1000 });
      eventBus.emit('toast', { kind: 'success', message: 's', durationMs: 1000 });
      eventBus.emit('toast', { kind: 'info', message: 'i', durationMs: 1000 });
    });
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual(['e']);
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual(['s', 'i']);
  });

  it(`keeps at most ${MAX_VISIBLE_TOASTS}, dropping the oldest`, () => {
    const { eventBus } = renderWithHost(<ToastHost />);
    act(() => {
      for (let index = 1; index <= MAX_VISIBLE_TOASTS + 2; index += 1) {
        eventBus.emit('toast', { kind: 'info', message: `第${index}条`, durationMs: 1000 });
      }
    });
    const shown = screen.getAllByTestId('toast');
    expect(shown).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(shown[0]?.textContent).toBe('第3条');
  });

  it("shows a toast the same as one on screen once, for the later one's duration from now", () => {
    const { eventBus } = renderWithHost(<ToastHost />);
    act(() => eventBus.emit('toast', { kind: 'warning', message: '请登录后操作', durationMs: 3000 }));
    act(() => vi.advanceTimersByTime(2000));
    act(() => {
      eventBus.emit('toast', { kind: 'warning', message: '请登录后操作', durationMs: 3000 });
      eventBus.emit('toast', { kind: 'error', message: '请登录后操作', durationMs: 3000 });
    });
    expect(screen.getAllByTestId('toast').map((toast) => toast.dataset.kind)).toEqual(['warning', 'error']);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    // Gone, the same text is shown again.
    act(() => eventBus.emit('toast', { kind: 'warning', message: '请登录后操作', durationMs: 3000 }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('shows again a text whose toast gave way to newer ones', () => {
    const { eventBus } = renderWithHost(<ToastHost />);
    act(() => {
      for (let index = 1; index <= MAX_VISIBLE_TOASTS + 1; index += 1) {
        eventBus.emit('toast', { kind: 'info', message: `第${index}条`, durationMs: 1000 });
      }
      eventBus.emit('toast', { kind: 'info', message: '第1条', durationMs: 1000 });
    });
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent).at(-1)).toBe('第1条');
  });

  it('stops listening when unmounted', () => {
    const { eventBus, unmount } = renderWithHost(<ToastHost />);
    unmount();
    act(() => eventBus.emit('toast', { kind: 'info', message: '无人接收', durationMs: 1000 }));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('leaves out 请登录后操作 while the login modal is open (the visitor is already asked), not other toasts', () => {
    const { eventBus, store } = renderWithHost(<ToastHost />);
    act(() => {
      store.set(loginModalOpenAtom, true);
      eventBus.emit('toast', { kind: 'warning', message: '请登录后操作', durationMs: 3000 });
      eventBus.emit('toast', { kind: 'error', message: '出错了', durationMs: 3000 });
    });
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent)).toEqual(['出错了']);
    act(() => {
      store.set(loginModalOpenAtom, false);
      eventBus.emit('toast', { kind: 'warning', message: '请登录后操作', durationMs: 3000 });
    });
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent)).toEqual(['出错了', '请登录后操作']);
  });
});

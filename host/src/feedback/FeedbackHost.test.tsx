import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { FeedbackHost } from './FeedbackHost';

describe('FeedbackHost', () => {
  it('answers toast, logout-confirm and notice events together', () => {
    const { eventBus } = renderWithHost(<FeedbackHost reload={() => undefined} />);
    act(() => {
      eventBus.emit('toast', { kind: 'info', message: '你好', durationMs: 1000 });
      eventBus.emit('session:logoutConfirm', { code: 50014 });
      eventBus.emit('notice:inDevelopment', {});
    });
    expect(screen.getByTestId('toast').textContent).toBe('你好');
    expect(screen.getByRole('dialog', { name: '确认退出' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '提示' })).toBeTruthy();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { NoticeDialog } from './NoticeDialog';

function openNotice(eventBus: ReturnType<typeof renderWithHost>['eventBus']) {
  act(() => eventBus.emit('notice:inDevelopment', {}));
}

describe('NoticeDialog', () => {
  it('stays closed until a notice:inDevelopment event', () => {
    renderWithHost(<NoticeDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows 提示 with the in-development text and both buttons close it', () => {
    const { eventBus } = renderWithHost(<NoticeDialog />);
    for (const button of ['取消', '确定']) {
      openNotice(eventBus);
      const dialog = screen.getByRole('dialog', { name: '提示' });
      expect(dialog.textContent).toContain('该功能正在开发中，敬请期待');
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it('focuses 确定 when it opens', () => {
    const { eventBus } = renderWithHost(<NoticeDialog />);
    openNotice(eventBus);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }));
  });
});

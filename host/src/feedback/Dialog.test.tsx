import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { Dialog } from './Dialog';
import { DialogButton } from './DialogButton';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <Dialog
        open={open}
        title="标题"
        onClose={() => setOpen(false)}
        footer={
          <>
            <DialogButton type="button">甲</DialogButton>
            <DialogButton type="button">乙</DialogButton>
          </>
        }
      >
        <input aria-label="输入" />
      </Dialog>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: '打开' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    renderWithHost(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog labelled by its title, with focus on its first control', () => {
    renderWithHost(<Harness />);
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const titleId = dialog.getAttribute('aria-labelledby') ?? '';
    expect(document.getElementById(titleId)?.textContent).toBe('标题');
    expect(screen.getByRole('dialog', { name: '标题' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByLabelText('输入'));
  });

  it('closes on Escape and gives focus back to the opener', () => {
    renderWithHost(<Harness />);
    const { opener, dialog } = openDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('traps Tab: from the last control to the first and Shift+Tab back', () => {
    renderWithHost(<Harness />);
    const { dialog } = openDialog();
    const closeButton = screen.getByRole('button', { name: '关闭' });
    const last = screen.getByRole('button', { name: '乙' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(closeButton);
    fireEvent.keyDown(closeButton, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on a backdrop click and on the × button, not on a click inside', () => {
    renderWithHost(<Harness />);
    const { dialog } = openDialog();
    fireEvent.mouseDown(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a centred dialog unless asked for a sheet (only the login modal is one on the mobile shell)', () => {
    renderWithHost(<Harness />);
    openDialog();
    expect(screen.getByTestId('dialog-backdrop').getAttribute('data-presentation')).toBe('dialog');
  });
});

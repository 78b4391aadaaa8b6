import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { focusablesIn, focusInto } from './focusables';
import { SurfaceHeader } from './SurfaceHeader';

const slideUp = keyframes`
  from { transform: translateY(100%); }
  to { transform: translateY(0); }
`;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  background: rgba(0, 0, 0, 0.45);
  animation: ${fadeIn} 0.15s ease-out;

  &[hidden] {
    display: none;
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Panel = styled.div`
  max-height: 80vh;
  max-height: 80dvh;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 12px calc(16px + env(safe-area-inset-right)) calc(16px + env(safe-area-inset-bottom)) calc(16px + env(safe-area-inset-left));
  border-radius: ${({ theme }) => theme.radius.large} ${({ theme }) => theme.radius.large} 0 0;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.body};
  box-shadow: 0 -4px 24px rgba(0, 0, 0, 0.2);
  animation: ${slideUp} 0.22s ease-out;

  &:focus {
    outline: none;
  }
  /* A phone's fields at 16 px: iOS Safari zooms into a smaller one on focus. */
  input:not([type='checkbox'], [type='radio']),
  select,
  textarea {
    font-size: 16px;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

export interface SheetProps {
  open: boolean;
  onClose: () => void;
  /** The sheet's title: shown, and its dialog's name. */
  title: string;
  /** The close button's name. */
  closeLabel?: string;
  /** `data-testid` of the dialog. */
  testId?: string;
  /** Closed, the content stays mounted (hidden), keeping what was typed (Popover's keepMounted). */
  keepMounted?: boolean;
  children: ReactNode;
}

/**
 * A modal sheet that slides up from the bottom of the screen (a phone's gift picker): a dialog
 * (`aria-modal`) over a dimmed page, drawn in document.body so no parent clips it. Focus moves into
 * it and stays there (Tab wraps), Escape, the close button and a tap on the dim page close it, and
 * focus goes back to what opened it. The page behind does not scroll while it is open.
 */
export function Sheet({ open, onClose, title, closeLabel = '关闭', testId, keepMounted = false, children }: SheetProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    if (panelRef.current) focusInto(panelRef.current, closeRef.current);
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if ((!open && !keepMounted) || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusablesIn(panelRef.current);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return createPortal(
    <Backdrop
      data-sheet-backdrop=""
      hidden={!open}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-testid={testId} onKeyDown={onKeyDown}>
        <SurfaceHeader ref={closeRef} titleId={titleId} title={title} closeLabel={closeLabel} onClose={() => onCloseRef.current()} />
        {children}
      </Panel>
    </Backdrop>,
    document.body,
  );
}

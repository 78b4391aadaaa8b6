import { useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { IconButton } from '@sports/shared';
import { hostMessages } from '../messages';
import { trapTabKey } from './focusTrap';
import { useRestoreFocus } from './useRestoreFocus';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: rgba(0, 0, 0, 0.5);
`;

const Panel = styled.div`
  position: relative;
  width: 420px;
  max-width: 100%;
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.body};
  box-shadow: 0 16px 48px rgba(0, 0, 0, 0.24);

  &:focus {
    outline: none;
  }
`;

const Title = styled.h2`
  margin: 0 32px 16px 0;
  font-size: ${({ theme }) => theme.font.title};
`;

/* The mobile shell makes it a 44 px target (mobile/MobileShellStyle.ts, by data-dialog-close). */
const CloseButton = styled(IconButton)`
  position: absolute;
  top: 16px;
  right: 16px;
  width: 32px;
  height: 32px;
  padding: 0;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 17px;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 24px;
`;

export interface DialogFrameProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  describedByBody?: boolean;
  /** 'sheet': full screen on the mobile shell (/h5, mobile/MobileShellStyle.ts), the usual centred dialog elsewhere. Default 'dialog'. */
  presentation?: DialogPresentation;
}

export type DialogPresentation = 'dialog' | 'sheet';

/** The open dialog: backdrop, labelled panel, trapped focus, Escape and backdrop close it. */
export function DialogFrame({ title, onClose, children, footer, describedByBody, presentation = 'dialog' }: DialogFrameProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useRestoreFocus(panelRef);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Only the top dialog closes, and popups behind it do not see this Escape.
      event.stopPropagation();
      onClose();
      return;
    }
    if (panelRef.current) trapTabKey(event, panelRef.current);
  }

  function onBackdropMouseDown(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <Backdrop onMouseDown={onBackdropMouseDown} data-testid="dialog-backdrop" data-presentation={presentation}>
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedByBody ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <Title id={titleId}>{title}</Title>
        <CloseButton label={hostMessages.dialog.close} icon="×" data-dialog-close="" onClick={onClose} />
        <div id={bodyId}>{children}</div>
        {footer && <Footer>{footer}</Footer>}
      </Panel>
    </Backdrop>
  );
}

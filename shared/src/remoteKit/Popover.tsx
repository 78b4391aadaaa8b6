import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import styled, { css } from 'styled-components';
import { focusInto } from './focusables';
import { Sheet } from './Sheet';
import { SurfaceHeader } from './SurfaceHeader';
import { useNarrowScreen } from './useNarrowScreen';

/** Where the popover opens from its anchor. 'top-*': above it (a bar under the player opens over the video). */
export type PopoverPlacement = 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';

const Root = styled.div<{ $anchor: 'trigger' | 'container' }>`
  display: inline-flex;
  position: ${({ $anchor }) => ($anchor === 'trigger' ? 'relative' : 'static')};
`;

const placements: Record<PopoverPlacement, ReturnType<typeof css>> = {
  'top-start': css`
    bottom: calc(100% + 8px);
    left: 0;
  `,
  'top-end': css`
    bottom: calc(100% + 8px);
    right: 0;
  `,
  'bottom-start': css`
    top: calc(100% + 8px);
    left: 0;
  `,
  'bottom-end': css`
    top: calc(100% + 8px);
    right: 0;
  `,
};

const Panel = styled.div<{ $placement: PopoverPlacement; $width: number }>`
  position: absolute;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  ${({ $placement }) => placements[$placement]}
  box-sizing: border-box;
  width: min(${({ $width }) => $width}px, calc(100vw - 24px));
  max-height: min(70vh, 560px);
  overflow-y: auto;
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18);
  text-align: left;

  &:focus {
    outline: none;
  }
  &[hidden] {
    display: none;
  }
`;

/** What the trigger button is given: its state for screen readers and the toggle. */
export interface PopoverTriggerProps {
  ref: Ref<HTMLButtonElement>;
  onClick: () => void;
  'aria-expanded': boolean;
  'aria-haspopup': 'dialog';
  'aria-controls': string | undefined;
}

export interface PopoverProps {
  /** The popover's title: shown in it, and its dialog's name. */
  title: string;
  /** The button that opens it, given the props that wire it (spread them onto a Button). */
  trigger: (props: PopoverTriggerProps) => ReactNode;
  /** Controlled: open or not (with onOpenChange); omitted, the popover keeps its own state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  placement?: PopoverPlacement;
  /**
   * 'trigger': placed against its button. 'container': against the nearest positioned ancestor
   * (a bar under the player whose popovers all open over the same place).
   */
  anchor?: 'trigger' | 'container';
  /** Widest it gets (CSS px); never wider than the screen. */
  width?: number;
  /** On a phone (useNarrowScreen) it opens as a bottom sheet instead (Sheet.tsx). */
  sheetOnNarrow?: boolean;
  closeLabel?: string;
  /** `data-testid` of the open dialog (popover or sheet alike). */
  testId?: string;
  /**
   * Closed, the content stays mounted (hidden): what was typed or picked, and a paid action that
   * is waiting for its answer or its 重试, survive closing and reopening.
   */
  keepMounted?: boolean;
  children: ReactNode;
}

/**
 * A non-modal dialog opened by a button (a gift picker over the player, a report menu): the
 * trigger says it is expanded and which dialog it controls; opening moves focus to the first
 * control inside; Escape closes it and gives focus back to the trigger; a click or focus outside
 * closes it. With `sheetOnNarrow`, a phone gets the same content in a bottom sheet.
 */
export function Popover({ title, trigger, open: openProp, onOpenChange, placement = 'top-start', anchor = 'trigger', width = 360, sheetOnNarrow = false, closeLabel = '关闭', testId, keepMounted = false, children }: PopoverProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const narrow = useNarrowScreen();
  const asSheet = sheetOnNarrow && narrow;
  const dialogId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const setOpen = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );

  const closeAndReturn = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, [setOpen]);

  // Opening moves focus in; a press outside closes (focus stays where the press put it).
  useEffect(() => {
    if (!open || asSheet) return;
    if (panelRef.current) focusInto(panelRef.current, closeRef.current);
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target) && !panelRef.current?.contains(event.target)) setOpen(false);
    };
    // Escape also when focus fell to the page from inside (a button that disabled itself while sending).
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && (document.activeElement === document.body || document.activeElement === null)) closeAndReturn();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onDocumentKeyDown);
    };
  }, [open, asSheet, setOpen, closeAndReturn]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      closeAndReturn();
    }
  };

  // Tabbing out of the popover closes it (a non-modal dialog does not hold focus).
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (open && !asSheet && next instanceof Node && rootRef.current && !rootRef.current.contains(next)) setOpen(false);
  };

  return (
    <Root ref={rootRef} $anchor={anchor} onKeyDown={onKeyDown} onBlur={onBlur}>
      {trigger({
        ref: triggerRef,
        onClick: () => setOpen(!open),
        'aria-expanded': open,
        'aria-haspopup': 'dialog',
        'aria-controls': open && !asSheet ? dialogId : undefined,
      })}
      {(open || keepMounted) && !asSheet && (
        <Panel ref={panelRef} id={dialogId} role="dialog" aria-labelledby={titleId} tabIndex={-1} hidden={!open} $placement={placement} $width={width} data-testid={testId}>
          <SurfaceHeader ref={closeRef} titleId={titleId} title={title} closeLabel={closeLabel} onClose={closeAndReturn} />
          {children}
        </Panel>
      )}
      {asSheet && (
        <Sheet open={open} onClose={() => setOpen(false)} title={title} closeLabel={closeLabel} testId={testId} keepMounted={keepMounted}>
          {children}
        </Sheet>
      )}
    </Root>
  );
}

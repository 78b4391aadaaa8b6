import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { DialogPresentation } from './DialogFrame';
import { dialogFrame } from './dialogFrameOnDemand';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called on Escape, the × button and a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** The dialog's buttons, e.g. <DialogButton>s; mark the one to focus first with data-autofocus. */
  footer?: ReactNode;
  /** Read the body as the dialog's description (short confirmations, not forms). */
  describedByBody?: boolean;
  /** 'sheet': full screen on the mobile shell (/h5). */
  presentation?: DialogPresentation;
}

/**
 * The page's one accessible modal (role=dialog, aria-modal, labelled by its title): focus moves
 * in and is trapped while open, and returns where it was on close. Rendered into document.body so
 * no page's stacking or overflow can clip it. The frame is fetched on demand
 * (dialogFrameOnDemand.ts): usually here before the dialog opens.
 */
export function Dialog({ open, ...frame }: DialogProps) {
  const DialogFrame = dialogFrame.useLoaded(open)?.DialogFrame;
  if (!open || !DialogFrame) return null;
  return createPortal(<DialogFrame {...frame} />, document.body);
}

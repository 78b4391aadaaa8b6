import { useEffect } from 'react';
import { preloadDialogFrameOnFirstPress } from './dialogFrameOnDemand';
import { LogoutConfirmDialog } from './LogoutConfirmDialog';
import { NoticeDialog } from './NoticeDialog';
import { ToastHost } from './ToastHost';

export interface FeedbackHostProps {
  /** Passed to LogoutConfirmDialog; defaults to window.location.reload. */
  reload?: () => void;
}

/** Everything the page shows in answer to bus events: toasts and the two notice dialogs. Mount once. */
export function FeedbackHost({ reload }: FeedbackHostProps) {
  // The dialogs' frame is its own chunk: the page's first press fetches it, before the click that opens one.
  useEffect(() => preloadDialogFrameOnFirstPress(), []);
  return (
    <>
      <ToastHost />
      <LogoutConfirmDialog reload={reload} />
      <NoticeDialog />
    </>
  );
}

import { useState } from 'react';
import { clearSavedSession } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { hostMessages } from '../messages';
import { Dialog } from './Dialog';
import { DialogButton } from './DialogButton';
import { signOutQuietly } from './signOut';
import { useBusEvent } from './useBusEvent';

const text = hostMessages.logoutConfirm;

function reloadPage(): void {
  window.location.reload();
}

export interface LogoutConfirmDialogProps {
  /** Reloads the page after re-login was chosen; replaced in tests, since jsdom cannot reload. */
  reload?: () => void;
}

/**
 * Codes 50008/50012/50014 (SPEC.md section 8): the session ended; stay on the page or log in
 * again, which drops the token and reloads. Several events while open still show one dialog.
 */
export function LogoutConfirmDialog({ reload = reloadPage }: LogoutConfirmDialogProps) {
  const { api, store } = useHostServices();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useBusEvent('session:logoutConfirm', () => setOpen(true));

  async function relogin() {
    setLeaving(true);
    await signOutQuietly(api);
    clearSavedSession(store);
    reload();
  }

  const footer = (
    <>
      <DialogButton type="button" data-autofocus="" onClick={() => setOpen(false)}>
        {text.stay}
      </DialogButton>
      <DialogButton type="button" data-variant="primary" disabled={leaving} onClick={() => void relogin()}>
        {text.relogin}
      </DialogButton>
    </>
  );

  return (
    <Dialog open={open} title={text.title} onClose={() => setOpen(false)} footer={footer} describedByBody>
      <p>{text.body}</p>
    </Dialog>
  );
}

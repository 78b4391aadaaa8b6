import { useState } from 'react';
import { hostMessages } from '../messages';
import { Dialog } from './Dialog';
import { DialogButton } from './DialogButton';
import { useBusEvent } from './useBusEvent';

const text = hostMessages.notice;

/** 'notice:inDevelopment': tells the user the feature they chose is not built yet. */
export function NoticeDialog() {
  const [open, setOpen] = useState(false);
  useBusEvent('notice:inDevelopment', () => setOpen(true));
  const close = () => setOpen(false);

  const footer = (
    <>
      <DialogButton type="button" onClick={close}>
        {text.cancel}
      </DialogButton>
      <DialogButton type="button" data-variant="primary" data-autofocus="" onClick={close}>
        {text.confirm}
      </DialogButton>
    </>
  );

  return (
    <Dialog open={open} title={text.title} onClose={close} footer={footer} describedByBody>
      <p>{text.inDevelopment}</p>
    </Dialog>
  );
}

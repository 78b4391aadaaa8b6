import { useState } from 'react';
import type { LoginModalMode } from '@sports/shared';
import { Dialog } from '../feedback/Dialog';
import { useBusEvent } from '../feedback/useBusEvent';
import { hostMessages } from '../messages';
import { AccountForm } from './AccountForm';
import { DEFAULT_LOGIN_MODE } from './loginModes';

const text = hostMessages.account;

interface ModalState {
  open: boolean;
  mode: LoginModalMode;
  /** Bumped on every open and mode change: each gets a fresh (cleared) form. */
  formKey: number;
  /** True after a mode change inside the open modal, whose new form then takes the focus. */
  switched: boolean;
}

/**
 * The login modal (SPEC.md sections 2, 4): opened by the bus event 'login:open' {mode?} (the
 * Login button, #/login, protected actions), titled by its mode, built on the accessible Dialog.
 * Mount once, inside the providers.
 */
export function LoginModal() {
  const [state, setState] = useState<ModalState>({ open: false, mode: DEFAULT_LOGIN_MODE, formKey: 0, switched: false });

  useBusEvent('login:open', (event) =>
    setState((current) => ({ open: true, mode: event.mode ?? DEFAULT_LOGIN_MODE, formKey: current.formKey + 1, switched: false })),
  );

  const close = () => setState((current) => ({ ...current, open: false }));
  const changeMode = (mode: LoginModalMode) =>
    setState((current) => ({ ...current, mode, formKey: current.formKey + 1, switched: true }));

  return (
    <Dialog open={state.open} title={text.titles[state.mode]} onClose={close}>
      <AccountForm
        key={state.formKey}
        mode={state.mode}
        onModeChange={changeMode}
        onLoggedIn={close}
        focusOnMount={state.switched}
      />
    </Dialog>
  );
}

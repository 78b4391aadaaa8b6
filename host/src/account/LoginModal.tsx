import { useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { LoginModalMode } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { Dialog } from '../feedback/Dialog';
import { useBusEvent } from '../feedback/useBusEvent';
import { hostMessages } from '../messages';
import { AccountForm } from './AccountForm';
import { loginModalOpenAtom } from './loginModalOpen';
import { DEFAULT_LOGIN_MODE } from './loginModes';

const text = hostMessages.account;

interface FormState {
  mode: LoginModalMode;
  /** Bumped on every open and mode change: each gets a fresh (cleared) form. */
  formKey: number;
  /** True after a mode change inside the open modal, whose new form then takes the focus. */
  switched: boolean;
}

/**
 * The login modal (SPEC.md sections 2, 4): opened by the bus event 'login:open' {mode?} (the
 * Login button, #/login, protected actions), titled by its mode, built on the accessible Dialog.
 * While it is open, being asked again for the mode it was opened with changes nothing: the host
 * and a remote's page may both ask a guest on a members' route, and the second ask must not clear
 * what the visitor started typing. Mount once, inside the providers.
 */
export function LoginModal() {
  const { store } = useHostServices();
  const open = useAtomValue(loginModalOpenAtom);
  const [state, setState] = useState<FormState>({ mode: DEFAULT_LOGIN_MODE, formKey: 0, switched: false });
  /** The mode the modal was last asked for through the bus (links inside it do not change it). */
  const askedMode = useRef<LoginModalMode | null>(null);

  useBusEvent('login:open', (event) => {
    const mode = event.mode ?? DEFAULT_LOGIN_MODE;
    if (store.get(loginModalOpenAtom) && askedMode.current === mode) return;
    askedMode.current = mode;
    store.set(loginModalOpenAtom, true);
    setState((current) => ({ mode, formKey: current.formKey + 1, switched: false }));
  });

  const close = () => store.set(loginModalOpenAtom, false);
  const changeMode = (mode: LoginModalMode) =>
    setState((current) => ({ ...current, mode, formKey: current.formKey + 1, switched: true }));

  return (
    <Dialog open={open} title={text.titles[state.mode]} onClose={close}>
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

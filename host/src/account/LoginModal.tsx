import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { LoginModalMode } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { Dialog } from '../feedback/Dialog';
import { useBusEvent } from '../feedback/useBusEvent';
import { hostMessages } from '../messages';
import { loginModalOpenAtom } from './loginModalOpen';
import { DEFAULT_LOGIN_MODE } from './loginModes';

const text = hostMessages.account;

type AccountFormComponent = typeof import('./AccountForm').AccountForm;

/** The form once its chunk has arrived (module-wide: later opens render it at once). */
let loadedAccountForm: AccountFormComponent | null = null;

/**
 * The form is its own chunk (issue 16: the first visit's bytes): most visits never open the
 * modal. It is fetched when the browser is idle after the page loaded, or at the first open.
 * Unit tests await it before rendering, so the modal renders as it does once loaded.
 */
export function loadAccountForm(): Promise<AccountFormComponent> {
  return import(/* webpackChunkName: "account-form" */ './AccountForm').then((module) => (loadedAccountForm = module.AccountForm));
}

/** The form component: there at once when loaded before, else fetched now (or when idle). */
function useAccountFormComponent(needed: boolean): AccountFormComponent | null {
  const [Form, setForm] = useState<AccountFormComponent | null>(() => loadedAccountForm);
  useEffect(() => {
    if (Form) return;
    let current = true;
    const load = () => void loadAccountForm().then((loaded) => current && setForm(() => loaded), () => undefined);
    if (needed) load();
    else if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 5_000 });
      return () => {
        current = false;
        window.cancelIdleCallback(id);
      };
    } else {
      const timer = window.setTimeout(load, 2_000);
      return () => {
        current = false;
        window.clearTimeout(timer);
      };
    }
    return () => {
      current = false;
    };
  }, [Form, needed]);
  return Form;
}

interface FormState {
  mode: LoginModalMode;
  /** Bumped on every open and mode change: each gets a fresh (cleared) form. */
  formKey: number;
  /**
   * True after a mode change inside the open modal, or when the modal opened before the form's
   * chunk arrived: the form then takes the focus itself once shown (on an open with the form
   * there, the dialog does it, after it noted where focus was to give it back on close).
   */
  focusForm: boolean;
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
  const [state, setState] = useState<FormState>({ mode: DEFAULT_LOGIN_MODE, formKey: 0, focusForm: false });
  /** The mode the modal was last asked for through the bus (links inside it do not change it). */
  const askedMode = useRef<LoginModalMode | null>(null);

  useBusEvent('login:open', (event) => {
    const mode = event.mode ?? DEFAULT_LOGIN_MODE;
    if (store.get(loginModalOpenAtom) && askedMode.current === mode) return;
    askedMode.current = mode;
    store.set(loginModalOpenAtom, true);
    setState((current) => ({ mode, formKey: current.formKey + 1, focusForm: loadedAccountForm === null }));
  });

  const AccountForm = useAccountFormComponent(open);

  const close = () => store.set(loginModalOpenAtom, false);
  const changeMode = (mode: LoginModalMode) =>
    setState((current) => ({ ...current, mode, formKey: current.formKey + 1, focusForm: true }));

  return (
    <Dialog open={open} title={text.titles[state.mode]} onClose={close}>
      {AccountForm ? (
        <AccountForm
          key={state.formKey}
          mode={state.mode}
          onModeChange={changeMode}
          onLoggedIn={close}
          focusOnMount={state.focusForm}
        />
      ) : (
        <p role="status">{text.formLoading}</p>
      )}
    </Dialog>
  );
}

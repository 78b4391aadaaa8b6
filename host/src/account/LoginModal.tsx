import { useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { LoginModalMode } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { onDemand } from '../app/onDemand';
import { Dialog } from '../feedback/Dialog';
import { dialogFrame } from '../feedback/dialogFrameOnDemand';
import { useBusEvent } from '../feedback/useBusEvent';
import { hostMessages } from '../messages';
import { loginModalOpenAtom } from './loginModalOpen';
import { DEFAULT_LOGIN_MODE } from './loginModes';

const text = hostMessages.account;

type AccountFormComponent = typeof import('./AccountForm').AccountForm;

/**
 * The form is its own chunk (issue 16: the first visit's bytes): most visits never open the
 * modal. It is fetched, with the dialogs' frame (feedback/dialogFrameOnDemand.ts), when the
 * visitor points at the header's 登录 (LoginButton), or at the first open (a protected action,
 * #/login), which waits for both. Once here (module-wide), later opens render it at once.
 * Unit tests await it before rendering, so the modal renders as it does once loaded.
 */
const accountForm = onDemand<AccountFormComponent>(() => import(/* webpackChunkName: "account-form" */ './AccountForm').then((module) => module.AccountForm));

export function loadAccountForm(): Promise<AccountFormComponent> {
  dialogFrame.preload();
  return accountForm.load();
}

interface FormState {
  mode: LoginModalMode;
  /** Bumped on every open and mode change: each gets a fresh (cleared) form. */
  formKey: number;
  /**
   * True after a mode change inside the open modal, or when the modal opened without its form
   * (the chunk failed, the form retries): the form then takes the focus itself once shown (on an
   * open with the form there, the dialog does it, after it noted where focus was to give it back).
   */
  focusForm: boolean;
}

/**
 * The login modal (SPEC.md sections 2, 4): opened by the bus event 'login:open' {mode?} (the
 * Login button, #/login, protected actions), titled by its mode, built on the accessible Dialog.
 * While it is open, being asked again for the mode it was opened with changes nothing: the host
 * and a remote's page may both ask a guest on a members' route, and the second ask must not clear
 * what the visitor started typing. On the mobile shell (/h5) it is a full-screen sheet. Mount
 * once, inside the providers.
 */
export function LoginModal() {
  const { store } = useHostServices();
  const open = useAtomValue(loginModalOpenAtom);
  const [state, setState] = useState<FormState>({ mode: DEFAULT_LOGIN_MODE, formKey: 0, focusForm: false });
  /** The mode the modal was last asked for through the bus (links inside it do not change it). */
  const askedMode = useRef<LoginModalMode | null>(null);

  /** The mode of an open waiting for the form's chunk (the first open of the page). */
  const waitingMode = useRef<LoginModalMode | null>(null);

  const openWith = (mode: LoginModalMode) => {
    askedMode.current = mode;
    store.set(loginModalOpenAtom, true);
    setState((current) => ({ mode, formKey: current.formKey + 1, focusForm: accountForm.loaded() === null }));
  };

  useBusEvent('login:open', (event) => {
    const mode = event.mode ?? DEFAULT_LOGIN_MODE;
    if (store.get(loginModalOpenAtom) && askedMode.current === mode) return;
    if (accountForm.loaded()) return openWith(mode);
    // The page's first open: the form's chunk first (tens of ms, usually fetched already when the
    // 登录 button was pointed at), so the dialog opens whole: no jump as the form arrives, the
    // focus on its first field as usual. Opened anyway if the chunk fails (the form retries).
    if (waitingMode.current === mode) return;
    waitingMode.current = mode;
    void Promise.all([loadAccountForm(), dialogFrame.load()])
      .catch(() => undefined)
      .finally(() => {
        if (waitingMode.current !== mode) return;
        waitingMode.current = null;
        openWith(mode);
      });
  });

  // Loaded meanwhile (the 登录 button was pointed at): there at this render; else (its chunk failed at the open) fetched again.
  const AccountForm = accountForm.useLoaded(open);

  const close = () => store.set(loginModalOpenAtom, false);
  const changeMode = (mode: LoginModalMode) =>
    setState((current) => ({ ...current, mode, formKey: current.formKey + 1, focusForm: true }));

  return (
    <Dialog open={open} title={text.titles[state.mode]} onClose={close} presentation="sheet">
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

import {
  accountAtom,
  clearSavedSession,
  ERROR_TOAST_DURATION_MS,
  SMS_RESEND_SECONDS,
  userInfoAtom,
  type ForgotPasswordRequest,
  type LoginModalMode,
  type LoginRequest,
  type LoginResult,
  type RegisterRequest,
  type RemoteContext,
} from '@sports/shared';
import { accountCopy } from './accountCopy';
import { accountApi } from './accountApi';
import { loadProfile } from './loadProfile';
import { composeMobile } from './mobileNumber';
import type { AccountFormValues } from './validateAccountForm';

const text = accountCopy;

/** How long the success toasts stay up. */
export const SUCCESS_TOAST_DURATION_MS = 3000;

type Services = Pick<RemoteContext, 'api' | 'store' | 'eventBus'>;

function toast(services: Services, kind: 'success' | 'error', message: string): void {
  const durationMs = kind === 'error' ? ERROR_TOAST_DURATION_MS : SUCCESS_TOAST_DURATION_MS;
  services.eventBus.emit('toast', { kind, message, durationMs });
}

/**
 * After login or registration: the answer must carry data, then the profile (user data and
 * balance) is fetched and saved. Either answer without data is 'Verification failed, please
 * Login again.' and the user stays logged out. The token the answer carries is ignored: the
 * browser holds it as an HttpOnly cookie.
 */
async function startSession(services: Services, answer: LoginResult | null, welcome: string): Promise<boolean> {
  if (!answer) {
    toast(services, 'error', text.verificationFailed);
    return false;
  }
  if (!(await loadProfile(services))) return false;
  toast(services, 'success', welcome);
  return true;
}

/** Password login (the username trimmed); remembers {mobile, password} or forgets them. */
export async function logIn(services: Services, request: LoginRequest, rememberAccount: boolean): Promise<boolean> {
  const body: LoginRequest = { ...request, mobile: request.mobile.trim() };
  const answer = await accountApi.login(services.api, body);
  const started = await startSession(services, answer, text.welcomeBack);
  if (started) services.store.set(accountAtom, rememberAccount ? { mobile: body.mobile, password: body.password } : null);
  return started;
}

export async function register(services: Services, request: RegisterRequest): Promise<boolean> {
  const answer = await accountApi.register(services.api, request);
  return startSession(services, answer, text.registered);
}

/**
 * A reset revokes every session of that user on the server, so a user logged in here is logged
 * out (SPEC.md section 4), and a remembered password for that mobile is now wrong: forgotten.
 */
export async function resetPassword(services: Services, request: ForgotPasswordRequest): Promise<void> {
  await accountApi.forgotPassword(services.api, request);
  const saved = services.store.get(accountAtom);
  if (saved?.mobile === request.mobile) services.store.set(accountAtom, null);
  if (services.store.get(userInfoAtom)) {
    clearSavedSession(services.store);
    services.eventBus.emit('session:cleared', { reason: 'reset' });
  }
  toast(services, 'success', text.passwordReset);
}

/**
 * Sends an SMS code, spending a captcha solution; answers how many seconds until the next one
 * may be asked for.
 */
export async function sendSmsCode(services: Services, mobile: string, type: 1 | 2, captcha: string): Promise<number> {
  const answer = await accountApi.getCode(services.api, { mobile, type, captcha });
  toast(services, 'success', text.smsSent);
  const wait = answer?.resendAfterSeconds;
  return typeof wait === 'number' && Number.isInteger(wait) && wait > 0 ? wait : SMS_RESEND_SECONDS;
}

/**
 * The call of one mode with the form's (validated) values: login, registration or reset.
 * Answers whether it succeeded; a server refusal rejects (and was already shown as a toast).
 */
export async function submitAccountForm(
  services: Services,
  mode: LoginModalMode,
  values: AccountFormValues,
  captcha: string,
  rememberAccount: boolean,
  withSmsCode = false,
): Promise<boolean> {
  const mobile = composeMobile(values.countryCode, values.mobile);
  const { password, code } = values;
  if (mode === 'code') {
    // A guarded number (too many failed logins) logs in with password + SMS code.
    const login = { mobile, password, device_type: 'pc' as const, captcha, ...(withSmsCode ? { code } : {}) };
    return logIn(services, login, rememberAccount);
  }
  if (mode === 'regiter') {
    const invite = values.invite.trim();
    return register(services, { mobile, code, password, device_type: 'pc', captcha, ...(invite ? { invite } : {}) });
  }
  await resetPassword(services, { mobile, code, password });
  return true;
}

import type { LoginModalMode } from '@sports/shared';
import { MAX_LENGTH } from '@sports/shared';
import { accountCopy } from './accountCopy';

const text = accountCopy;

/** The password rule of the accounts contract (PasswordSchema). */
export const PASSWORD_LENGTH = { min: 6, max: 32 } as const;

export interface AccountFormValues {
  countryCode: string;
  /** The number without the country code: digits only, at most 11. */
  mobile: string;
  password: string;
  /** The 6-digit SMS code (register, forgot). */
  code: string;
  /** Optional invite code (register). */
  invite: string;
}

export type AccountFormField = keyof AccountFormValues | 'captcha';
export type AccountFormErrors = Partial<Record<AccountFormField, string>>;

/**
 * SPEC.md section 5, checked before any call: mobile required; login needs the password;
 * register and forgot need the SMS code and the password (and so does a login the server asked to
 * confirm by SMS: `smsLogin`). Messages exactly as SPEC.md writes them.
 */
export function validateAccountForm(mode: LoginModalMode, values: AccountFormValues, smsLogin = false): AccountFormErrors {
  const errors: AccountFormErrors = {};
  if (!values.mobile.trim()) errors.mobile = text.mobileRequired;
  if (mode !== 'code' || smsLogin) {
    if (!values.code) errors.code = text.codeRequired;
    else if (!new RegExp(`^\\d{${MAX_LENGTH.smsCode}}$`).test(values.code)) errors.code = text.codeInvalid;
  }
  if (!values.password) errors.password = text.passwordRequired;
  else if (values.password.length < PASSWORD_LENGTH.min || values.password.length > PASSWORD_LENGTH.max) {
    errors.password = text.passwordTooShort;
  }
  return errors;
}

/** Requesting an SMS code needs a mobile (SPEC.md section 5). */
export function validateSmsRequest(values: AccountFormValues): AccountFormErrors {
  return values.mobile.trim() ? {} : { mobile: text.smsMobileRequired };
}

export function hasErrors(errors: AccountFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

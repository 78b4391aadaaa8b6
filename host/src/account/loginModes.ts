import type { LoginModalMode } from '@sports/shared';

/** The login modal's modes (SPEC.md section 4): 'code' is password login, the default. */
export const DEFAULT_LOGIN_MODE: LoginModalMode = 'code';

/** Register and reset need an SMS code; the value is its purpose (1 register, 2 other). */
export function smsPurposeOf(mode: LoginModalMode): 1 | 2 | null {
  if (mode === 'regiter') return 1;
  if (mode === 'forgot') return 2;
  return null;
}

/** Login and registration need a solved captcha before the call (SPEC.md section 5). */
export function needsCaptcha(mode: LoginModalMode): boolean {
  return mode === 'code' || mode === 'regiter';
}

/**
 * Every mode shows the captcha: login and registration send it with the call, and asking for an
 * SMS code (register, reset, a guarded login) spends one too (server/src/accounts/codeService.ts).
 */
export function showsCaptcha(mode: LoginModalMode): boolean {
  return needsCaptcha(mode) || smsPurposeOf(mode) !== null;
}

/**
 * The links under the form: code -> regiter (register link); regiter or forgot -> code
 * (password-login link); any mode -> forgot (Forgot password link).
 */
export function modeLinksOf(mode: LoginModalMode): LoginModalMode[] {
  if (mode === 'code') return ['regiter', 'forgot'];
  if (mode === 'regiter') return ['code', 'forgot'];
  return ['code'];
}

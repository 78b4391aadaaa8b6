import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { accountAtom, type LoginModalMode, type SavedAccount } from '@sports/shared';
import { splitMobile } from './mobileNumber';
import { useCountryCodes } from './useCountryCodes';
import type { AccountFormErrors, AccountFormField, AccountFormValues } from './validateAccountForm';

/** Empty fields, or in password login the remembered account (SPEC.md section 5). */
export function initialValues(mode: LoginModalMode, defaultCode: string, saved: SavedAccount | null): AccountFormValues {
  const empty: AccountFormValues = { countryCode: defaultCode, mobile: '', password: '', code: '', invite: '' };
  const savedMobile = mode === 'code' && saved ? splitMobile(saved.mobile) : null;
  if (!saved || !savedMobile) return empty;
  return { ...empty, countryCode: savedMobile.countryCode, mobile: savedMobile.number, password: saved.password };
}

/**
 * The modal's form state for one mode. The modal gives every mode a fresh form, so changing
 * mode clears it (SPEC.md section 4).
 */
export function useAccountForm(mode: LoginModalMode) {
  const { defaultCode } = useCountryCodes();
  const saved = useAtomValue(accountAtom);
  const [values, setValues] = useState(() => initialValues(mode, defaultCode, saved));
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [rememberAccount, setRememberAccount] = useState(() => mode === 'code' && saved !== null);

  const clearError = useCallback((field: AccountFormField) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  /** Editing a field takes its message away. */
  const setField = useCallback((field: keyof AccountFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }, [clearError]);

  return { values, errors, setErrors, setField, clearError, rememberAccount, setRememberAccount };
}

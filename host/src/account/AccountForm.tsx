import { useEffect, useRef, useState, type FormEvent } from 'react';
import { accountAtom, ApiError, Button, LOGIN_NEEDS_SMS_CODE_REASON, MAX_LENGTH, type LoginModalMode } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { accountCopy } from './accountCopy';
import { submitAccountForm } from './accountActions';
import { CaptchaField } from './CaptchaField';
import { FormStack } from './formStyles';
import { needsCaptcha, showsCaptcha, smsPurposeOf } from './loginModes';
import { composeMobile, keepAlphanumeric } from './mobileNumber';
import { MobileField } from './MobileField';
import { ModeLinks } from './ModeLinks';
import { RememberSwitch } from './RememberSwitch';
import { SmsCodeField } from './SmsCodeField';
import { TextField } from './TextField';
import { useAccountForm } from './useAccountForm';
import { useSmsCode } from './useSmsCode';
import { PASSWORD_LENGTH, hasErrors, validateAccountForm, validateSmsRequest } from './validateAccountForm';

const text = accountCopy;

export interface AccountFormProps {
  mode: LoginModalMode;
  onModeChange: (mode: LoginModalMode) => void;
  /** Called after a successful login or registration (the modal closes). */
  onLoggedIn: () => void;
  /** Focus the mobile input once shown (after a mode change; on open the dialog does it). */
  focusOnMount?: boolean;
}

/**
 * The form of one mode: password login ('code'), register ('regiter') or reset ('forgot').
 * Every SPEC.md section 5 rule is checked before any call; login and registration send the
 * captcha's solution, and so does asking for an SMS code. A solution is good for one call: after
 * a code request or a failed submit the captcha starts again (ALTCHA solves it by itself).
 * A login the server refuses with the reason LOGIN_NEEDS_SMS_CODE (the number is guarded after many
 * failed logins) shows the SMS code field: the owner logs in with password + code.
 */
export function AccountForm({ mode, onModeChange, onLoggedIn, focusOnMount = false }: AccountFormProps) {
  const services = useHostServices();
  const { values, errors, setErrors, setField, clearError, rememberAccount, setRememberAccount } = useAccountForm(mode);
  const [smsLogin, setSmsLogin] = useState(false);
  const smsPurpose = smsPurposeOf(mode) ?? (mode === 'code' && smsLogin ? 2 : null);
  const sms = useSmsCode(smsPurpose ?? 1);
  const withCaptcha = needsCaptcha(mode);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) mobileRef.current?.focus();
  }, [focusOnMount]);

  // After a refused submit, focus goes to the first field with a message.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function onCaptchaChange(solution: string | null) {
    setCaptcha(solution);
    if (solution) clearError('captcha');
  }

  function onRememberChange(checked: boolean) {
    setRememberAccount(checked);
    // Off means the saved mobile and password are forgotten now, not only at the next login.
    if (!checked) services.store.set(accountAtom, null);
  }

  function restartCaptcha() {
    setCaptcha(null);
    setCaptchaRound((round) => round + 1);
  }

  function onSendSmsCode() {
    const found = validateSmsRequest(values);
    if (!captcha) found.captcha = text.captchaRequired;
    if (hasErrors(found) || smsPurpose === null || !captcha) {
      setErrors((current) => ({ ...current, ...found }));
      setAttempt((count) => count + 1);
      return;
    }
    // The request spends this solution whatever the answer: the next call needs a fresh one.
    restartCaptcha();
    void sms.send(composeMobile(values.countryCode, values.mobile), captcha);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateAccountForm(mode, values, smsLogin);
    if (withCaptcha && !captcha) found.captcha = text.captchaRequired;
    setErrors(found);
    if (hasErrors(found)) {
      setAttempt((count) => count + 1);
      return;
    }
    setBusy(true);
    let succeeded = false;
    try {
      succeeded = await submitAccountForm(services, mode, values, captcha ?? '', rememberAccount, smsLogin);
    } catch (error) {
      // Refused: the API client already showed why.
      if (mode === 'code' && error instanceof ApiError && error.reason === LOGIN_NEEDS_SMS_CODE_REASON) setSmsLogin(true);
    }
    setBusy(false);
    if (succeeded) {
      if (mode === 'forgot') onModeChange('code');
      else onLoggedIn();
      return;
    }
    // The server refuses a replayed solution: a fresh widget, a fresh solution.
    if (withCaptcha) restartCaptcha();
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} data-mode={mode}>
      <FormStack>
        <MobileField
          countryCode={values.countryCode}
          mobile={values.mobile}
          onCountryCodeChange={(code) => setField('countryCode', code)}
          onMobileChange={(mobile) => setField('mobile', mobile)}
          error={errors.mobile}
          inputRef={mobileRef}
        />
        {smsPurpose !== null && (
          <SmsCodeField
            code={values.code}
            onCodeChange={(code) => setField('code', code)}
            remaining={sms.remaining}
            sending={sms.sending}
            onSend={onSendSmsCode}
            error={errors.code}
          />
        )}
        <TextField
          label={mode === 'forgot' ? text.newPassword : text.password}
          type="password"
          autoComplete={mode === 'code' ? 'current-password' : 'new-password'}
          maxLength={PASSWORD_LENGTH.max}
          placeholder={text.passwordPlaceholder}
          value={values.password}
          onValueChange={(password) => setField('password', password)}
          error={errors.password}
        />
        {mode === 'regiter' && (
          <TextField
            label={text.invite}
            maxLength={MAX_LENGTH.invite}
            autoComplete="off"
            placeholder={text.invitePlaceholder}
            value={values.invite}
            onValueChange={(invite) => setField('invite', keepAlphanumeric(invite, MAX_LENGTH.invite))}
          />
        )}
        {mode === 'code' && <RememberSwitch checked={rememberAccount} onChange={onRememberChange} />}
        {showsCaptcha(mode) && <CaptchaField round={captchaRound} onSolutionChange={onCaptchaChange} error={errors.captcha} />}
        <Button type="submit" variant="primary" size="large" block disabled={busy}>
          {text.submit[mode]}
        </Button>
        <ModeLinks mode={mode} onModeChange={onModeChange} />
      </FormStack>
    </form>
  );
}

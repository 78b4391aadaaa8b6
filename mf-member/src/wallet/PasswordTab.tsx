import { useId, useState, type FormEvent } from 'react';
import { Button, Field, PagePanel, SMS_RESEND_SECONDS, TextInput, useCountdown, type RemoteContext } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { ErrorText, Form, Notice } from '../ui/Form';
import { formatDateTime } from '../ui/format';
import { failureText } from './failure';
import { InfoView, type WalletTabProps } from './walletTab';
import { passwordCopy } from './walletCopy';
import { isSixDigits, lockedUntil } from './withdrawRules';
import { Note } from './walletStyles';

/** The 获取验证码 button: sends the code, then counts down the 60 s (or what the server says) before another. */
function SmsCodeButton({ context }: { context: RemoteContext }) {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const answer = await walletApi(context.api).paymentPasswordCode();
      const wait = answer?.resendAfterSeconds;
      start(typeof wait === 'number' && Number.isInteger(wait) && wait > 0 ? wait : SMS_RESEND_SECONDS);
      setSent(true);
    } catch {
      // The API client showed the server's message (e.g. too soon); the button is ready again.
    } finally {
      setSending(false);
    }
  };
  const counting = remaining > 0;
  return (
    <>
      <Button data-testid="payment-code-send" disabled={sending || counting} onClick={() => void send()}>
        {counting ? passwordCopy.resendIn(remaining) : passwordCopy.sendCode}
      </Button>
      <span role="status">{sent && <Note as="span"> {passwordCopy.codeSent}</Note>}</span>
    </>
  );
}

/** Set (none yet) or change (with an SMS code) the 6-digit payment password, typed twice. */
function PasswordForm({ context, isSet, onSaved }: { context: RemoteContext; isSet: boolean; onSaved: (changed: boolean) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; again?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = {
      password: isSixDigits(password) ? undefined : passwordCopy.invalid,
      again: isSixDigits(password) && again !== password ? passwordCopy.mismatch : undefined,
      code: isSet && !isSixDigits(code) ? passwordCopy.codeInvalid : undefined,
    };
    setErrors(next);
    if (next.password || next.again || next.code) return;
    setBusy(true);
    try {
      const result = await walletApi(context.api).paymentPassword(isSet ? { password, code } : { password });
      setPassword('');
      setAgain('');
      setCode('');
      onSaved(result.changed === 1);
    } catch (refusal) {
      setErrors({ form: failureText(refusal, passwordCopy.failed) });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: 'password' | 'again', label: string, value: string, set: (value: string) => void) => {
    const fieldId = `${id}-${key}`;
    return (
      <Field id={fieldId} label={label} error={errors[key]}>
        {(control) => (
          <TextInput
            {...control}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={6}
            value={value}
            data-testid={`payment-${key}`}
            onChange={(event) => set(event.target.value.replace(/\D/g, ''))}
          />
        )}
      </Field>
    );
  };
  const codeId = `${id}-code`;
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={isSet ? passwordCopy.changeHeading : passwordCopy.setHeading} data-testid="payment-password-form">
      {field('password', passwordCopy.password, password, setPassword)}
      {field('again', passwordCopy.confirm, again, setAgain)}
      {isSet && (
        <Field id={codeId} label={passwordCopy.code} error={errors.code}>
          {(control) => (
            <>
              <TextInput
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                data-testid="payment-code"
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
              <div>
                <SmsCodeButton context={context} />
              </div>
            </>
          )}
        </Field>
      )}
      {errors.form && (
        <ErrorText role="alert" data-testid="payment-password-error">
          {errors.form}
        </ErrorText>
      )}
      <div>
        <Button type="submit" variant="primary" data-testid="payment-password-save" disabled={busy} aria-busy={busy}>
          {busy ? passwordCopy.saving : passwordCopy.save}
        </Button>
      </div>
    </Form>
  );
}

/** 支付密码: whether it is set (and locked), then the form to set or change it. */
export function PasswordTab({ context, info, reloadInfo, retryInfo }: WalletTabProps) {
  const [saved, setSaved] = useState<'set' | 'changed' | null>(null);
  return (
    <PagePanel aria-labelledby="wallet-password-heading">
      <h2 id="wallet-password-heading">{passwordCopy.heading}</h2>
      <Note>{passwordCopy.intro}</Note>
      <InfoView info={info} retryInfo={retryInfo}>
        {(data) => {
          const isSet = data.payment_password_set === 1;
          const locked = lockedUntil(data, Date.now());
          return (
            <>
              <p data-testid="payment-password-state" data-set={data.payment_password_set}>
                {isSet ? passwordCopy.isSet : passwordCopy.notSet}
              </p>
              {locked !== null && <ErrorText role="alert">{passwordCopy.locked(formatDateTime(locked))}</ErrorText>}
              <div role="status">{saved && <Notice data-testid="payment-password-saved">{saved === 'set' ? passwordCopy.saved : passwordCopy.changed}</Notice>}</div>
              <h3>{isSet ? passwordCopy.changeHeading : passwordCopy.setHeading}</h3>
              <PasswordForm
                key={isSet ? 'change' : 'set'}
                context={context}
                isSet={isSet}
                onSaved={(changed) => {
                  setSaved(changed ? 'changed' : 'set');
                  reloadInfo();
                }}
              />
            </>
          );
        }}
      </InfoView>
    </PagePanel>
  );
}

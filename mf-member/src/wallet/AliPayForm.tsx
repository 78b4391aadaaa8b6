import { useId, useState, type FormEvent } from 'react';
import { ALIPAY_ACCOUNT_MAX, HOLDER_MAX, HOLDER_MIN, TextButton, type AliPayInfo, type RemoteContext } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { describedBy, ErrorText, Field, Form } from '../ui/Form';
import { lengthWithin } from './BankCardForm';
import { failureText } from './failure';
import { cardsCopy } from './walletCopy';

/** An Alipay account as the server takes it: a mainland mobile number or an email address. */
export function isAliPayAccount(text: string): boolean {
  const value = text.trim();
  return value.length >= 5 && value.length <= ALIPAY_ACCOUNT_MAX && /^(1[3-9][0-9]{9}|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})$/.test(value);
}

/** Binds (or replaces) the Alipay account; the holder must be the verified real name (the server decides). */
export function AliPayForm({ context, onBound, onCancel }: { context: RemoteContext; onBound: (info: AliPayInfo) => void; onCancel?: () => void }) {
  const id = useId();
  const [account, setAccount] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<{ account?: string; holder?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = {
      account: isAliPayAccount(account) ? undefined : cardsCopy.aliAccountInvalid,
      holder: lengthWithin(holder, HOLDER_MIN, HOLDER_MAX) ? undefined : cardsCopy.holderInvalid(HOLDER_MIN, HOLDER_MAX),
    };
    setErrors(next);
    if (next.account || next.holder) return;
    setBusy(true);
    try {
      onBound(await walletApi(context.api).bindAliPay({ account: account.trim(), holder: holder.trim() }));
    } catch (refusal) {
      setErrors({ form: failureText(refusal, cardsCopy.bindFailed) });
    } finally {
      setBusy(false);
    }
  };

  const accountId = `${id}-account`;
  const holderId = `${id}-holder`;
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={cardsCopy.bindAli} data-testid="alipay-form">
      <Field id={accountId} label={cardsCopy.aliAccount} hint={cardsCopy.aliAccountHint} error={errors.account}>
        <input
          id={accountId}
          data-testid="alipay-account"
          autoComplete="off"
          maxLength={ALIPAY_ACCOUNT_MAX}
          value={account}
          aria-invalid={errors.account ? true : undefined}
          aria-describedby={describedBy(accountId, cardsCopy.aliAccountHint, errors.account)}
          onChange={(event) => setAccount(event.target.value)}
        />
      </Field>
      <Field id={holderId} label={cardsCopy.holder} hint={cardsCopy.holderHint} error={errors.holder}>
        <input
          id={holderId}
          data-testid="alipay-holder"
          maxLength={HOLDER_MAX}
          value={holder}
          aria-invalid={errors.holder ? true : undefined}
          aria-describedby={describedBy(holderId, cardsCopy.holderHint, errors.holder)}
          onChange={(event) => setHolder(event.target.value)}
        />
      </Field>
      {errors.form && (
        <ErrorText role="alert" data-testid="alipay-error">
          {errors.form}
        </ErrorText>
      )}
      <div>
        <TextButton type="submit" data-testid="alipay-bind" disabled={busy} aria-busy={busy}>
          {busy ? cardsCopy.binding : cardsCopy.bind}
        </TextButton>{' '}
        {onCancel && (
          <TextButton type="button" onClick={onCancel} disabled={busy}>
            {cardsCopy.cancel}
          </TextButton>
        )}
      </div>
    </Form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { BANK_NAME_MAX, BANK_NAME_MIN, HOLDER_MAX, HOLDER_MIN, TextButton, type BankCardInfo, type RemoteContext } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { describedBy, ErrorText, Field, Form } from '../ui/Form';
import { failureText } from './failure';
import { cardNumberProblem, normalizeCardNumber } from './luhn';
import { cardsCopy } from './walletCopy';

/** Text with a length in characters (not UTF-16 units) within [min, max] once trimmed. */
export function lengthWithin(text: string, min: number, max: number): boolean {
  const length = [...text.trim()].length;
  return length >= min && length <= max;
}

/**
 * Binds (or replaces) the bank card: number (spaces allowed while typing, Luhn-checked here as a
 * hint; the server checks again and decides), bank, and the holder, who must be the verified
 * real name (only the server knows it: its refusal shows in the form).
 */
export function BankCardForm({ context, onBound, onCancel }: { context: RemoteContext; onBound: (card: BankCardInfo) => void; onCancel?: () => void }) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [bank, setBank] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<{ number?: string; bank?: string; holder?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = cardNumberProblem(number);
    const next = {
      number: problem === 'format' ? cardsCopy.cardFormat : problem === 'checksum' ? cardsCopy.cardChecksum : undefined,
      bank: lengthWithin(bank, BANK_NAME_MIN, BANK_NAME_MAX) ? undefined : cardsCopy.bankNameInvalid(BANK_NAME_MIN, BANK_NAME_MAX),
      holder: lengthWithin(holder, HOLDER_MIN, HOLDER_MAX) ? undefined : cardsCopy.holderInvalid(HOLDER_MIN, HOLDER_MAX),
    };
    setErrors(next);
    if (next.number || next.bank || next.holder) return;
    setBusy(true);
    try {
      onBound(await walletApi(context.api).bindCard({ card_number: normalizeCardNumber(number), bank_name: bank.trim(), holder: holder.trim() }));
    } catch (refusal) {
      setErrors({ form: failureText(refusal, cardsCopy.bindFailed) });
    } finally {
      setBusy(false);
    }
  };

  const numberId = `${id}-number`;
  const bankId = `${id}-bank`;
  const holderId = `${id}-holder`;
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={cardsCopy.bindCard} data-testid="bank-card-form">
      <Field id={numberId} label={cardsCopy.cardNumber} hint={cardsCopy.cardNumberHint} error={errors.number}>
        <input
          id={numberId}
          data-testid="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          value={number}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={describedBy(numberId, cardsCopy.cardNumberHint, errors.number)}
          onChange={(event) => setNumber(event.target.value)}
        />
      </Field>
      <Field id={bankId} label={cardsCopy.bankName} error={errors.bank}>
        <input
          id={bankId}
          data-testid="card-bank"
          maxLength={BANK_NAME_MAX}
          value={bank}
          aria-invalid={errors.bank ? true : undefined}
          aria-describedby={describedBy(bankId, undefined, errors.bank)}
          onChange={(event) => setBank(event.target.value)}
        />
      </Field>
      <Field id={holderId} label={cardsCopy.holder} hint={cardsCopy.holderHint} error={errors.holder}>
        <input
          id={holderId}
          data-testid="card-holder"
          autoComplete="cc-name"
          maxLength={HOLDER_MAX}
          value={holder}
          aria-invalid={errors.holder ? true : undefined}
          aria-describedby={describedBy(holderId, cardsCopy.holderHint, errors.holder)}
          onChange={(event) => setHolder(event.target.value)}
        />
      </Field>
      {errors.form && (
        <ErrorText role="alert" data-testid="card-error">
          {errors.form}
        </ErrorText>
      )}
      <div>
        <TextButton type="submit" data-testid="card-bind" disabled={busy} aria-busy={busy}>
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

import { useId, useState } from 'react';
import { BANK_NAME_MAX, BANK_NAME_MIN, HOLDER_MAX, HOLDER_MIN, type BankCardInfo, type RemoteContext } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { BindField, BindFormFrame, lengthWithin, useBindSubmit } from './BindForm';
import { cardNumberProblem, normalizeCardNumber } from './luhn';
import { cardsCopy } from './walletCopy';

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
  const { errors, formError, busy, submit } = useBindSubmit({
    validate: () => {
      const problem = cardNumberProblem(number);
      return {
        number: problem === 'format' ? cardsCopy.cardFormat : problem === 'checksum' ? cardsCopy.cardChecksum : undefined,
        bank: lengthWithin(bank, BANK_NAME_MIN, BANK_NAME_MAX) ? undefined : cardsCopy.bankNameInvalid(BANK_NAME_MIN, BANK_NAME_MAX),
        holder: lengthWithin(holder, HOLDER_MIN, HOLDER_MAX) ? undefined : cardsCopy.holderInvalid(HOLDER_MIN, HOLDER_MAX),
      };
    },
    bind: () => walletApi(context.api).bindCard({ card_number: normalizeCardNumber(number), bank_name: bank.trim(), holder: holder.trim() }),
    onBound,
  });

  return (
    <BindFormFrame label={cardsCopy.bindCard} testId="bank-card-form" errorTestId="card-error" bindTestId="card-bind" error={formError} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <BindField
        id={`${id}-number`}
        label={cardsCopy.cardNumber}
        hint={cardsCopy.cardNumberHint}
        error={errors.number}
        data-testid="card-number"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        value={number}
        onValue={setNumber}
      />
      <BindField id={`${id}-bank`} label={cardsCopy.bankName} error={errors.bank} data-testid="card-bank" maxLength={BANK_NAME_MAX} value={bank} onValue={setBank} />
      <BindField
        id={`${id}-holder`}
        label={cardsCopy.holder}
        hint={cardsCopy.holderHint}
        error={errors.holder}
        data-testid="card-holder"
        autoComplete="cc-name"
        maxLength={HOLDER_MAX}
        value={holder}
        onValue={setHolder}
      />
    </BindFormFrame>
  );
}

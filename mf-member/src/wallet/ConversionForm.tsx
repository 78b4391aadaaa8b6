import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Field, TextInput, type ConversionResult, type RemoteContext, type WalletInfo } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { readProfile } from '../session/readProfile';
import { ErrorText, Form, Notice } from '../ui/Form';
import { failureText } from './failure';
import { IntentKeys } from './intentKey';
import { parseWholeNumber } from './money';
import { earningsCopy } from './walletCopy';

/** Coins a conversion of `earningsCoins` credits: floor(earnings × percent / 100), integers only. */
export function convertedCoins(earningsCoins: number, percent: number): number {
  return Math.floor((earningsCoins * percent) / 100);
}

/** The fewest earning coins that credit one coin: ceil(100 / percent). */
export function smallestConversion(percent: number): number {
  return Math.ceil(100 / percent);
}

/**
 * 收益兑换金币 (`api/Balance/conversionBalance`): a whole number of earning coins, at most the
 * earnings, with the coins it gives shown before sending. One Idempotency-Key per intent (the
 * same amount asked again after no answer sends the same key). Afterwards the profile is read
 * again, so the host's user menu shows the new balance at once.
 */
export function ConversionForm({ context, info, onConverted }: { context: RemoteContext; info: WalletInfo; onConverted: (result: ConversionResult) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<ConversionResult | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(new IntentKeys());
  const amount = parseWholeNumber(text);

  const doneNotice = <div role="status">{done && <Notice data-testid="conversion-done">{earningsCopy.converted(done.earnings_coins, done.coins)}</Notice>}</div>;
  if (info.earnings === 0) {
    return (
      <>
        {doneNotice}
        <p data-testid="conversion-nothing">{earningsCopy.nothing}</p>
      </>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem =
      amount === null
        ? earningsCopy.amountInvalid
        : amount === 0
          ? earningsCopy.amountZero
          : amount > info.earnings
            ? earningsCopy.amountTooMuch(info.earnings)
            : convertedCoins(amount, info.conversion_percent) === 0
              ? earningsCopy.tooSmall(smallestConversion(info.conversion_percent))
              : null;
    setError(problem);
    setFormError(null);
    if (problem !== null || amount === null) return;
    setBusy(true);
    setDone(null);
    try {
      const result = await walletApi(context.api).convert(amount, keys.current.keyFor(`convert:${amount}`));
      keys.current.settle();
      setDone(result);
      setText('');
      onConverted(result);
      await readProfile(context).catch(() => undefined);
    } catch (refusal) {
      keys.current.settle(refusal);
      setFormError(failureText(refusal, earningsCopy.failed));
    } finally {
      setBusy(false);
    }
  };

  const hint = earningsCopy.amountHint(info.earnings);
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={earningsCopy.convertHeading} data-testid="conversion-form">
      <Field id={id} label={earningsCopy.amount} hint={hint} error={error}>
        {(control) => (
          <TextInput {...control} data-testid="conversion-amount" inputMode="numeric" autoComplete="off" value={text} maxLength={9} onChange={(event) => setText(event.target.value)} />
        )}
      </Field>
      {amount !== null && amount > 0 && amount <= info.earnings && <p data-testid="conversion-preview">{earningsCopy.preview(convertedCoins(amount, info.conversion_percent))}</p>}
      {formError && <ErrorText role="alert">{formError}</ErrorText>}
      <div>
        <Button type="submit" variant="primary" data-testid="conversion-submit" disabled={busy} aria-busy={busy}>
          {busy ? earningsCopy.converting : earningsCopy.convert}
        </Button>
      </div>
      {doneNotice}
    </Form>
  );
}

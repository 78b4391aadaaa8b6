import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Field, TextInput, type ApplyWithdrawalResult, type RemoteContext, type WalletInfo, type WithdrawalAccountKind } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { formatYuan } from '../member/recharge';
import { ErrorText, Form, Notice } from '../ui/Form';
import { failureText } from './failure';
import { IntentKeys } from './intentKey';
import { PasswordPrompt } from './PasswordPrompt';
import { withdrawCopy } from './walletCopy';
import { Choices } from './walletStyles';
import { checkWithdrawalAmount } from './withdrawRules';

/** A payout account the member can choose, with its label (银行卡 招商银行（尾号 1234）). */
export interface PayoutChoice {
  kind: WithdrawalAccountKind;
  label: string;
}

/**
 * The withdrawal request: the amount in yuan (sent as integer fen, checked against the minimum,
 * what is withdrawable now and the step of one earning coin), the payout account, then the
 * payment password in a prompt. One Idempotency-Key per intent (amount + account): asking again
 * after no answer sends the same key, so at most one withdrawal is made.
 */
export function WithdrawForm({ context, info, choices, onApplied }: { context: RemoteContext; info: WalletInfo; choices: PayoutChoice[]; onApplied: (result: ApplyWithdrawalResult) => void }) {
  const amountId = useId();
  const [text, setText] = useState('');
  const [account, setAccount] = useState<WithdrawalAccountKind | null>(choices.length === 1 ? (choices[0]?.kind ?? null) : null);
  const [errors, setErrors] = useState<{ amount?: string; account?: string }>({});
  const [asking, setAsking] = useState<{ fen: number; account: PayoutChoice } | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applied, setApplied] = useState<ApplyWithdrawalResult | null>(null);
  const keys = useRef(new IntentKeys());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = checkWithdrawalAmount(text, info);
    const chosen = choices.find((choice) => choice.kind === account);
    const next = { amount: 'problem' in amount ? amount.problem : undefined, account: chosen ? undefined : withdrawCopy.chooseAccount };
    setErrors(next);
    if ('problem' in amount || !chosen) return;
    setApplied(null);
    setRefusal(null);
    setAsking({ fen: amount.fen, account: chosen });
  };

  const confirm = async (password: string) => {
    if (asking === null || busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const result = await walletApi(context.api).withdraw(
        { amount: asking.fen, account: asking.account.kind, password },
        keys.current.keyFor(`withdraw:${asking.fen}:${asking.account.kind}`),
      );
      keys.current.settle();
      setApplied(result);
      setAsking(null);
      setText('');
      onApplied(result);
    } catch (error) {
      keys.current.settle(error);
      setRefusal(failureText(error, withdrawCopy.failed));
    } finally {
      setBusy(false);
    }
  };

  const hint = withdrawCopy.amountHint(formatYuan(info.fen_per_coin));
  return (
    <>
      <Form noValidate onSubmit={submit} aria-label={withdrawCopy.heading} data-testid="withdraw-form">
        <Field id={amountId} label={withdrawCopy.amount} hint={hint} error={errors.amount}>
          {(control) => (
            <TextInput
              {...control}
              data-testid="withdraw-amount"
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={text}
              disabled={asking !== null}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <Choices aria-describedby={errors.account ? `${amountId}-account-error` : undefined} data-testid="withdraw-accounts">
          <legend>{withdrawCopy.account}</legend>
          {choices.map((choice) => (
            <label key={choice.kind}>
              <input
                type="radio"
                name={`${amountId}-account`}
                value={choice.kind}
                checked={account === choice.kind}
                disabled={asking !== null}
                onChange={() => setAccount(choice.kind)}
              />{' '}
              {choice.label}
            </label>
          ))}
          {errors.account && (
            <ErrorText id={`${amountId}-account-error`} role="alert">
              {errors.account}
            </ErrorText>
          )}
        </Choices>
        {asking === null && (
          <div>
            <Button type="submit" variant="primary" data-testid="withdraw-submit">
              {withdrawCopy.submit}
            </Button>
          </div>
        )}
      </Form>
      {asking !== null && (
        <PasswordPrompt
          summary={withdrawCopy.promptSummary(formatYuan(asking.fen), asking.account.label)}
          busy={busy}
          error={refusal}
          onConfirm={(password) => void confirm(password)}
          onCancel={() => {
            setAsking(null);
            setRefusal(null);
          }}
        />
      )}
      <div role="status">{applied && <Notice data-testid="withdraw-applied">{withdrawCopy.applied(formatYuan(applied.withdrawal.amount_fen))}</Notice>}</div>
    </>
  );
}

import { useId, useState } from 'react';
import { ALIPAY_ACCOUNT_MAX, HOLDER_MAX, HOLDER_MIN, type AliPayInfo, type RemoteContext } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { BindField, BindFormFrame, lengthWithin, useBindSubmit } from './BindForm';
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
  const { errors, formError, busy, submit } = useBindSubmit({
    validate: () => ({
      account: isAliPayAccount(account) ? undefined : cardsCopy.aliAccountInvalid,
      holder: lengthWithin(holder, HOLDER_MIN, HOLDER_MAX) ? undefined : cardsCopy.holderInvalid(HOLDER_MIN, HOLDER_MAX),
    }),
    bind: () => walletApi(context.api).bindAliPay({ account: account.trim(), holder: holder.trim() }),
    onBound,
  });

  return (
    <BindFormFrame label={cardsCopy.bindAli} testId="alipay-form" errorTestId="alipay-error" bindTestId="alipay-bind" error={formError} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <BindField
        id={`${id}-account`}
        label={cardsCopy.aliAccount}
        hint={cardsCopy.aliAccountHint}
        error={errors.account}
        data-testid="alipay-account"
        autoComplete="off"
        maxLength={ALIPAY_ACCOUNT_MAX}
        value={account}
        onValue={setAccount}
      />
      <BindField
        id={`${id}-holder`}
        label={cardsCopy.holder}
        hint={cardsCopy.holderHint}
        error={errors.holder}
        data-testid="alipay-holder"
        maxLength={HOLDER_MAX}
        value={holder}
        onValue={setHolder}
      />
    </BindFormFrame>
  );
}

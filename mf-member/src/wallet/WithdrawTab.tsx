import { useState } from 'react';
import { LoadView, PagePanel, Button, useLoad, type RemoteContext, type WalletInfo } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { formatYuan } from '../member/recharge';
import { formatDateTime } from '../ui/format';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawForm, type PayoutChoice } from './WithdrawForm';
import { InfoView, type WalletTabProps } from './walletTab';
import { cardsCopy, withdrawCopy } from './walletCopy';
import { dailyLeftFen, lockedUntil } from './withdrawRules';
import { Note } from './walletStyles';

/** The payout accounts bound now, as choices (the card first). */
async function payoutChoices(context: Pick<RemoteContext, 'api'>, info: WalletInfo): Promise<PayoutChoice[]> {
  const api = walletApi(context.api);
  const [card, aliPay] = await Promise.all([info.bank_card_bound === 1 ? api.card() : null, info.alipay_bound === 1 ? api.aliPay() : null]);
  return [
    ...(card ? [{ kind: 'card' as const, label: withdrawCopy.card(card.bank_name, card.last4) }] : []),
    ...(aliPay ? [{ kind: 'alipay' as const, label: withdrawCopy.alipay(aliPay.account) }] : []),
  ];
}

/** What must come before a withdrawal, in order: real name, a payout account, a payment password, no lock. */
export function missingStep(info: WalletInfo, now: number): 'verified' | 'account' | 'password' | 'unlock' | null {
  if (info.is_verified !== 1) return 'verified';
  if (info.bank_card_bound !== 1 && info.alipay_bound !== 1) return 'account';
  if (info.payment_password_set !== 1) return 'password';
  return lockedUntil(info, now) === null ? null : 'unlock';
}

/** The missing step and the way to it. */
function Prerequisite({ info, step, onTab }: { info: WalletInfo; step: NonNullable<ReturnType<typeof missingStep>>; onTab: WalletTabProps['onTab'] }) {
  if (step === 'verified') {
    return (
      <Note data-testid="withdraw-needs" data-need={step}>
        {withdrawCopy.needVerified} <a href="#/member?type=7">{withdrawCopy.goVerify}</a>
      </Note>
    );
  }
  if (step === 'unlock') {
    return (
      <Note role="alert" data-testid="withdraw-needs" data-need={step}>
        {withdrawCopy.locked(formatDateTime(info.payment_password_locked_until ?? ''))}
      </Note>
    );
  }
  const [text, go, tab] = step === 'account' ? [withdrawCopy.needAccount, withdrawCopy.goBind, 'cards' as const] : [withdrawCopy.needPassword, withdrawCopy.goPassword, 'password' as const];
  return (
    <Note data-testid="withdraw-needs" data-need={step}>
      {text}{' '}
      <Button type="button" onClick={() => onTab(tab)}>
        {go}
      </Button>
    </Note>
  );
}

function Ready({ context, info, onApplied }: { context: RemoteContext; info: WalletInfo; onApplied: () => void }) {
  const choices = useLoad(`payout:${info.bank_card_bound}:${info.alipay_bound}`, () => payoutChoices(context, info));
  return (
    <LoadView announceFailure state={choices.state} failed={cardsCopy.cardFailed} onRetry={choices.retry}>
      {(list) => <WithdrawForm context={context} info={info} choices={list} onApplied={onApplied} />}
    </LoadView>
  );
}

/**
 * 提现: the rules (minimum, daily limit, what is left today, what can be withdrawn now), what is
 * missing first (real name, a payout account, the payment password) with the way to it, the
 * request, and the withdrawal records.
 */
export function WithdrawTab({ context, info, reloadInfo, retryInfo, onTab }: WalletTabProps) {
  const [version, setVersion] = useState(0);
  return (
    <>
      <PagePanel aria-labelledby="wallet-withdraw-heading">
        <h2 id="wallet-withdraw-heading">{withdrawCopy.heading}</h2>
        <InfoView info={info} retryInfo={retryInfo}>
          {(data) => {
            const step = missingStep(data, Date.now());
            return (
              <>
                <Note data-testid="withdraw-rules">
                  {withdrawCopy.rules(formatYuan(data.withdrawal_min_fen), formatYuan(data.withdrawal_daily_limit_fen), formatYuan(dailyLeftFen(data)))}
                </Note>
                <p data-testid="withdrawable">{withdrawCopy.withdrawable(formatYuan(data.withdrawable_fen))}</p>
                {step === null && data.withdrawable_fen === 0 ? (
                  <Note data-testid="withdraw-needs" data-need="earnings">
                    {withdrawCopy.nothingToWithdraw(formatYuan(data.withdrawal_min_fen))}
                  </Note>
                ) : step === null ? (
                  <Ready
                    context={context}
                    info={data}
                    onApplied={() => {
                      reloadInfo();
                      setVersion((value) => value + 1);
                    }}
                  />
                ) : (
                  <Prerequisite info={data} step={step} onTab={onTab} />
                )}
              </>
            );
          }}
        </InfoView>
      </PagePanel>
      <WithdrawalList context={context} version={version} />
    </>
  );
}

import { useState } from 'react';
import { LoadView, PagePanel, Button, useLoad } from '@sports/shared';
import { walletApi } from '../api/walletApi';
import { Notice } from '../ui/Form';
import { AliPayForm } from './AliPayForm';
import { BankCardForm } from './BankCardForm';
import { InfoView, type WalletTabProps } from './walletTab';
import { cardsCopy } from './walletCopy';
import { Note } from './walletStyles';

/** The bound card (masked) or none, and the form to bind or replace it. */
function BankCardPanel({ context, reloadInfo }: Pick<WalletTabProps, 'context' | 'reloadInfo'>) {
  const card = useLoad('bank-card', () => walletApi(context.api).card());
  const [editing, setEditing] = useState(false);
  const [bound, setBound] = useState(false);
  return (
    <PagePanel aria-labelledby="wallet-card-heading">
      <h2 id="wallet-card-heading">{cardsCopy.cardHeading}</h2>
      <LoadView announceFailure state={card.state} failed={cardsCopy.cardFailed} onRetry={card.retry}>
        {(current) => (
          <>
            {current === null ? (
              <Note data-testid="bank-card-none">{cardsCopy.noCard}</Note>
            ) : (
              <p data-testid="bank-card">{cardsCopy.boundCard(current.bank_name, current.card_number, current.holder)}</p>
            )}
            <div role="status">{bound && <Notice>{cardsCopy.cardBound}</Notice>}</div>
            {current === null || editing ? (
              <BankCardForm
                context={context}
                onCancel={current === null ? undefined : () => setEditing(false)}
                onBound={(info) => {
                  card.setState({ status: 'ready', data: info });
                  setEditing(false);
                  setBound(true);
                  reloadInfo();
                }}
              />
            ) : (
              <Button type="button" data-testid="bank-card-replace" onClick={() => {
                setEditing(true);
                setBound(false);
              }}>
                {cardsCopy.replaceCard}
              </Button>
            )}
          </>
        )}
      </LoadView>
    </PagePanel>
  );
}

/** The bound Alipay account (masked) or none, and the form to bind or replace it. */
function AliPayPanel({ context, reloadInfo }: Pick<WalletTabProps, 'context' | 'reloadInfo'>) {
  const aliPay = useLoad('alipay', () => walletApi(context.api).aliPay());
  const [editing, setEditing] = useState(false);
  const [bound, setBound] = useState(false);
  return (
    <PagePanel aria-labelledby="wallet-alipay-heading">
      <h2 id="wallet-alipay-heading">{cardsCopy.aliHeading}</h2>
      <LoadView announceFailure state={aliPay.state} failed={cardsCopy.aliFailed} onRetry={aliPay.retry}>
        {(current) => (
          <>
            {current === null ? (
              <Note data-testid="alipay-none">{cardsCopy.noAli}</Note>
            ) : (
              <p data-testid="alipay-info">{cardsCopy.boundAli(current.account, current.holder)}</p>
            )}
            <div role="status">{bound && <Notice>{cardsCopy.aliBound}</Notice>}</div>
            {current === null || editing ? (
              <AliPayForm
                context={context}
                onCancel={current === null ? undefined : () => setEditing(false)}
                onBound={(info) => {
                  aliPay.setState({ status: 'ready', data: info });
                  setEditing(false);
                  setBound(true);
                  reloadInfo();
                }}
              />
            ) : (
              <Button type="button" data-testid="alipay-replace" onClick={() => {
                setEditing(true);
                setBound(false);
              }}>
                {cardsCopy.replaceAli}
              </Button>
            )}
          </>
        )}
      </LoadView>
    </PagePanel>
  );
}

/** 银行卡: the payout accounts (a bank card, an Alipay account), after real-name verification. */
export function CardsTab({ context, info, reloadInfo, retryInfo }: WalletTabProps) {
  return (
    <InfoView info={info} retryInfo={retryInfo}>
      {(data) =>
        data.is_verified !== 1 ? (
          <PagePanel aria-label={cardsCopy.cardHeading}>
            <Note data-testid="cards-need-verified">
              {cardsCopy.needVerified} <a href="#/member?type=7">{cardsCopy.goVerify}</a>
            </Note>
          </PagePanel>
        ) : (
          <>
            <BankCardPanel context={context} reloadInfo={reloadInfo} />
            <AliPayPanel context={context} reloadInfo={reloadInfo} />
          </>
        )
      }
    </InfoView>
  );
}

import { Muted, PagePanel, Button, sharedMessages, type RemoteContext, type Withdrawal } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { walletApi } from '../api/walletApi';
import { formatYuan } from '../member/recharge';
import { ErrorText, PlainList } from '../ui/Form';
import { formatDateTime } from '../ui/format';
import { ordersCopy, withdrawCopy } from './walletCopy';

function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <li data-testid="withdrawal-item" data-state={withdrawal.state} data-order-no={withdrawal.order_no}>
      <span>{formatDateTime(withdrawal.created_at)}</span>
      <strong>{formatYuan(withdrawal.amount_fen)}</strong>
      <span>
        {withdrawal.bank_name} {withdrawal.account_masked}
      </span>
      <span data-testid="withdrawal-state">{withdrawCopy.states[withdrawal.state] ?? withdrawal.state}</span>
      {withdrawal.state === 'rejected' && withdrawal.reject_reason && <span>{withdrawCopy.rejectedReason(withdrawal.reject_reason)}</span>}
      {withdrawal.reviewed_at && <small>{withdrawCopy.reviewedAt(formatDateTime(withdrawal.reviewed_at))}</small>}
    </li>
  );
}

/** 提现记录 (`api/Balance/withdrawalList`): newest first, 更多记录 by cursor; reloads when `version` changes. */
export function WithdrawalList({ context, version }: { context: Pick<RemoteContext, 'api'>; version: number }) {
  const list = useCursorList(`withdrawals:${version}`, (cursor) => walletApi(context.api).withdrawals(cursor));
  const state = list.state;
  return (
    <PagePanel aria-labelledby="wallet-withdrawals-heading">
      <h2 id="wallet-withdrawals-heading">{withdrawCopy.listHeading}</h2>
      {state.status === 'loading' && <Muted role="status">{sharedMessages.loading}</Muted>}
      {state.status === 'failed' && (
        <Muted role="alert">
          {withdrawCopy.listFailed}{' '}
          <Button type="button" onClick={list.retry}>
            {sharedMessages.retry}
          </Button>
        </Muted>
      )}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
          <Muted>{withdrawCopy.empty}</Muted>
        ) : (
          <>
            <PlainList aria-label={withdrawCopy.listHeading} data-testid="withdrawal-list">
              {state.items.map((withdrawal) => (
                <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} />
              ))}
            </PlainList>
            {state.cursor !== null && (
              <Button type="button" disabled={state.more === 'loading'} onClick={list.loadMore}>
                {withdrawCopy.more}
              </Button>
            )}
            {state.more === 'failed' && <ErrorText role="alert">{ordersCopy.moreFailed}</ErrorText>}
          </>
        ))}
    </PagePanel>
  );
}

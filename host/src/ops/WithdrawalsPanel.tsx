import { WITHDRAWAL_STATES } from '@sports/shared';
import { DialogButton } from '../feedback/DialogButton';
import { ColumnHeaders } from './ColumnHeaders';
import type { OpsApi } from './opsApi';
import { Muted, TableScroll } from './opsStyles';
import { ReviewQueuePanel, ReviewTable } from './ReviewQueue';
import { useWithdrawals } from './useWithdrawals';
import { WithdrawalRow } from './WithdrawalRow';
import { withdrawalsCopy as text } from './withdrawalsCopy';

/**
 * 提现审核 (`api/ops/withdrawals`): the pending queue first (oldest first), paid and rejected ones
 * on demand with who reviewed them and when; approve (the money was sent: 已打款), or reject
 * with a 2-100 character reason (the earnings go back). The server audits each review and
 * refuses a second one with its message, shown in the row.
 */
export function WithdrawalsPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const queue = useWithdrawals(api, onForbidden);
  const stateLabel = text.states[queue.state];
  const columns = text.columns;
  return (
    <ReviewQueuePanel
      heading={text.heading}
      stateFilter={text.stateFilter}
      states={WITHDRAWAL_STATES}
      stateLabels={text.states}
      state={queue.state}
      showState={queue.showState}
      filterTestId="withdrawal-state-filter"
      reload={queue.reload}
      loadError={queue.loadError}
      loaded={queue.view !== null}
    >
      {queue.view && (
        <>
          <TableScroll>
            <ReviewTable data-testid="ops-withdrawals">
              <caption>{text.caption(stateLabel, queue.view.list.length)}</caption>
              <ColumnHeaders
                titles={[columns.applicant, columns.realName, columns.amount, columns.coins, columns.account, columns.createdAt, columns.state, columns.audit, columns.actions]}
              />
              <tbody>
                {queue.view.list.map((withdrawal) => (
                  <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} approve={queue.approve} reject={queue.reject} />
                ))}
              </tbody>
            </ReviewTable>
          </TableScroll>
          {queue.view.list.length === 0 && <Muted>{text.empty(stateLabel)}</Muted>}
          {queue.view.cursor !== null && (
            <DialogButton type="button" onClick={() => void queue.loadMore()}>
              {text.more}
            </DialogButton>
          )}
        </>
      )}
    </ReviewQueuePanel>
  );
}

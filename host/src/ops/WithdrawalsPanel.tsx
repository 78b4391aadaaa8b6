import { useId } from 'react';
import styled from 'styled-components';
import { WITHDRAWAL_STATES, type WithdrawalState } from '@sports/shared';
import { hostMessages } from '../messages';
import { DialogButton } from '../feedback/DialogButton';
import { ColumnHeaders } from './ColumnHeaders';
import type { OpsApi } from './opsApi';
import { ErrorText, Muted, Panel, Table, TableScroll, Toolbar } from './opsStyles';
import { useWithdrawals } from './useWithdrawals';
import { WithdrawalRow } from './WithdrawalRow';
import { withdrawalsCopy as text } from './withdrawalsCopy';

const ReviewTable = styled(Table)`
  [data-review] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }

  input {
    height: 30px;
    padding: 0 6px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
  }

  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

/**
 * 提现审核 (`api/ops/withdrawals`): the pending queue first (oldest first), paid and rejected ones
 * on demand with who reviewed them and when; approve (the money was sent: 已打款), or reject
 * with a 2-100 character reason (the earnings go back). The server audits each review and
 * refuses a second one with its message, shown in the row.
 */
export function WithdrawalsPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const queue = useWithdrawals(api, onForbidden);
  const headingId = useId();
  const stateLabel = text.states[queue.state];
  const columns = text.columns;
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <Toolbar>
        <label>
          {text.stateFilter}{' '}
          <select value={queue.state} onChange={(event) => queue.showState(event.target.value as WithdrawalState)} data-testid="withdrawal-state-filter">
            {WITHDRAWAL_STATES.map((state) => (
              <option key={state} value={state}>
                {text.states[state]}
              </option>
            ))}
          </select>
        </label>
        <DialogButton type="button" onClick={() => void queue.reload()}>
          {hostMessages.ops.refresh}
        </DialogButton>
      </Toolbar>
      {queue.loadError && <ErrorText role="alert">{`${hostMessages.ops.loadFailed}${queue.loadError}`}</ErrorText>}
      {!queue.view ? (
        !queue.loadError && <Muted role="status">{hostMessages.ops.loading}</Muted>
      ) : (
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
    </Panel>
  );
}

import { useId } from 'react';
import styled from 'styled-components';
import type { AnchorApplicationState } from '@sports/shared';
import { hostMessages } from '../messages';
import { DialogButton } from '../feedback/DialogButton';
import { ApplicationRow } from './ApplicationRow';
import { ColumnHeaders } from './ColumnHeaders';
import { OPS_PAGE_SIZE, type OpsApi } from './opsApi';
import { OpsPager } from './OpsPager';
import { ErrorText, Muted, Panel, Table, TableScroll, Toolbar } from './opsStyles';
import { useAnchorApplications } from './useAnchorApplications';

const text = hostMessages.opsApplications;
const STATES: AnchorApplicationState[] = ['pending', 'approved', 'rejected'];

const ReviewTable = styled(Table)`
  td[data-wrap] {
    min-width: 200px;
    max-width: 360px;
    white-space: pre-wrap;
    word-break: break-word;
  }

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
 * Anchor applications for ops (`api/ops/anchorApplications`): the pending queue first (oldest
 * first), approved and rejected ones on demand; approve, or reject with a 2-100 character
 * reason. The server audits each review and refuses a second one with its message, shown in the row.
 */
export function AnchorApplicationsPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const queue = useAnchorApplications(api, onForbidden);
  const headingId = useId();
  const stateLabel = text.states[queue.state];
  const columns = text.columns;
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <Toolbar>
        <label>
          {text.stateFilter}{' '}
          <select value={queue.state} onChange={(event) => queue.showState(event.target.value as AnchorApplicationState)} data-testid="application-state-filter">
            {STATES.map((state) => (
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
            <ReviewTable data-testid="anchor-applications">
              <caption>{text.caption(stateLabel, queue.view.total)}</caption>
              <ColumnHeaders
                titles={[columns.applicant, columns.realName, columns.category, columns.introduction, columns.sample, columns.createdAt, columns.state, columns.actions]}
              />
              <tbody>
                {queue.view.list.map((application) => (
                  <ApplicationRow key={application.id} application={application} approve={queue.approve} reject={queue.reject} />
                ))}
              </tbody>
            </ReviewTable>
          </TableScroll>
          {queue.view.list.length === 0 && <Muted>{text.empty(stateLabel)}</Muted>}
          <OpsPager page={queue.page} total={queue.view.total} pageSize={OPS_PAGE_SIZE} label={text.heading} onPage={queue.setPage} />
        </>
      )}
    </Panel>
  );
}

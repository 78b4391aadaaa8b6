import type { AnchorApplicationState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { ApplicationRow } from './ApplicationRow';
import { ColumnHeaders } from './ColumnHeaders';
import { OPS_PAGE_SIZE, type OpsApi } from './opsApi';
import { OpsPager } from './OpsPager';
import { Muted, TableScroll } from './opsStyles';
import { ReviewQueuePanel, ReviewTable } from './ReviewQueue';
import { useAnchorApplications } from './useAnchorApplications';

const text = opsMessages.opsApplications;
const STATES: AnchorApplicationState[] = ['pending', 'approved', 'rejected'];

/**
 * Anchor applications for ops (`api/ops/anchorApplications`): the pending queue first (oldest
 * first), approved and rejected ones on demand; approve, or reject with a 2-100 character
 * reason. The server audits each review and refuses a second one with its message, shown in the row.
 */
export function AnchorApplicationsPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const queue = useAnchorApplications(api, onForbidden);
  const stateLabel = text.states[queue.state];
  const columns = text.columns;
  return (
    <ReviewQueuePanel
      heading={text.heading}
      stateFilter={text.stateFilter}
      states={STATES}
      stateLabels={text.states}
      state={queue.state}
      showState={queue.showState}
      filterTestId="application-state-filter"
      reload={queue.reload}
      loadError={queue.loadError}
      loaded={queue.view !== null}
    >
      {queue.view && (
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
    </ReviewQueuePanel>
  );
}

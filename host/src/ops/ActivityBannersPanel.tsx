import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Activity } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { ActivityForm } from './ActivityForm';
import { ActivityRow } from './ActivityRow';
import { ColumnHeaders } from './ColumnHeaders';
import { OPS_PAGE_SIZE, type OpsApi } from './opsApi';
import { OpsPager } from './OpsPager';
import { ErrorText, Muted, Panel, Table, TableScroll, Toolbar } from './opsStyles';
import { useActivityBanners } from './useActivityBanners';

const text = opsMessages.opsActivities;

const BannerTable = styled(Table)`
  td[data-wrap] {
    max-width: 280px;
    white-space: normal;
    word-break: break-all;
  }

  [data-actions] {
    display: flex;
    gap: 6px;
  }
`;

const FormBox = styled.div`
  max-width: 520px;
  margin-top: 16px;
`;

/**
 * Activity banners for ops (`api/ops/activities`): every banner with its window and whether the
 * home page shows it now; create, edit, delete. The server's refusals show in place.
 */
export function ActivityBannersPanel({ api, onForbidden, now = Date.now }: { api: OpsApi; onForbidden: () => void; now?: () => number }) {
  const banners = useActivityBanners(api, onForbidden);
  const [editing, setEditing] = useState<Activity | null>(null);
  const headingId = useId();
  const columns = text.columns;
  const at = now();
  const remove = async (id: number) => {
    const error = await banners.remove(id);
    if (!error && editing?.id === id) setEditing(null);
    return error;
  };
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <Toolbar>
        <DialogButton type="button" onClick={() => void banners.reload()}>
          {opsMessages.ops.refresh}
        </DialogButton>
      </Toolbar>
      {banners.loadError && <ErrorText role="alert">{`${opsMessages.ops.loadFailed}${banners.loadError}`}</ErrorText>}
      {!banners.view ? (
        !banners.loadError && <Muted role="status">{opsMessages.ops.loading}</Muted>
      ) : (
        <>
          <TableScroll>
            <BannerTable data-testid="activity-banners">
              <caption>{text.caption(banners.view.total)}</caption>
              <ColumnHeaders titles={[columns.title, columns.image, columns.link, columns.target, columns.startsAt, columns.endsAt, columns.status, columns.actions]} />
              <tbody>
                {banners.view.list.map((activity) => (
                  <ActivityRow key={activity.id} activity={activity} now={at} onEdit={setEditing} onRemove={remove} />
                ))}
              </tbody>
            </BannerTable>
          </TableScroll>
          {banners.view.list.length === 0 && <Muted>{text.empty}</Muted>}
          <OpsPager page={banners.page} total={banners.view.total} pageSize={OPS_PAGE_SIZE} label={text.heading} onPage={banners.setPage} />
        </>
      )}
      <FormBox>
        <ActivityForm editing={editing} onSave={banners.save} onCancelEdit={() => setEditing(null)} />
      </FormBox>
    </Panel>
  );
}

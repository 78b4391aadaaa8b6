import { useCallback } from 'react';
import { GameAuditList } from './GameAuditList';
import { AuditDisclosureRow } from './AuditDisclosureRow';
import { gameAuditCopy } from './gameAuditCopy';
import type { OpsApi } from './opsApi';
import { PredictionAuditTrail, type OpsPredictionRow } from './PredictionAuditTrail';

const text = gameAuditCopy.predictions;
const COLUMNS = [text.columns.id, text.columns.room, text.columns.match, text.columns.title, text.columns.template, text.columns.state, text.columns.lock, text.columns.pool, text.columns.stakes, text.columns.audit];

function PredictionRow({ row }: { row: OpsPredictionRow }) {
  const { prediction } = row;
  return (
    <AuditDisclosureRow
      testId={`prediction-audit-row-${prediction.id}`}
      rowProps={{ 'data-state': prediction.state }}
      columns={COLUMNS.length}
      label={text.detailLabel(prediction.id)}
      cells={
        <>
          <td data-numeric>{prediction.id}</td>
          <td data-numeric>{prediction.room_id}</td>
          <td>{prediction.match_id ?? text.noMatch}</td>
          <td>{prediction.title}</td>
          <td>{text.templates[prediction.template]}</td>
          <td data-testid={`prediction-audit-state-${prediction.id}`}>{text.states[prediction.state]}</td>
          <td>{prediction.lock_text}</td>
          <td data-numeric>{prediction.pool}</td>
          <td data-numeric>{row.stakes}</td>
        </>
      }
    >
      {() => <PredictionAuditTrail row={row} />}
    </AuditDisclosureRow>
  );
}

/**
 * 竞猜审计 (`api/ops/predictions?room_id=&cursor=`): every prediction of a room or of all rooms,
 * newest first, 20 a page with 加载更多 by the route's cursor, each expandable to its audit trail
 * (PredictionAuditTrail).
 */
export function PredictionAuditPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const load = useCallback((roomId: number | null, cursor: number | null) => api.opsPredictions(roomId, cursor), [api]);
  return <GameAuditList text={text} testIdPrefix="prediction-audit" columns={COLUMNS} load={load} onForbidden={onForbidden} renderRow={(row: OpsPredictionRow) => <PredictionRow key={row.prediction.id} row={row} />} />;
}

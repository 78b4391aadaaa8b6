import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, REPORT_REASONS, REPORT_REASON_LABELS, requireLogin, Select, type RemoteContext, type ReportReason } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { reportCopy } from '../chat/ReportMenu';

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

/**
 * 举报 on a clip, as mf-community reports a post (`POST api/moderation/report`, kind `clip`): a guest is asked to log in, a member picks a reason; ops see it in the 举报处理 queue.
 */
export function ClipReport({ context, clipId }: { context: RemoteContext; clipId: number }) {
  const [state, setState] = useState<'closed' | 'open' | 'sending' | 'done'>('closed');
  const [reason, setReason] = useState<ReportReason>('spam');
  const selectId = useId();
  if (state === 'done') return <span role="status">{reportCopy.reported}</span>;
  if (state === 'closed')
    return (
      <Button variant="ghost" data-testid="clip-report" onClick={() => requireLogin(context) && setState('open')}>
        {reportCopy.button}
      </Button>
    );
  const send = async () => {
    setState('sending');
    try {
      await liveApi(context.api).report({ kind: 'clip', target_id: String(clipId), reason });
      setState('done');
    } catch {
      // Shown by the API client (already reported, too many reports).
      setState('open');
    }
  };
  return (
    <Row data-testid="clip-report-form">
      <label htmlFor={selectId}>{reportCopy.reason}</label>
      <Select id={selectId} value={reason} onChange={(event) => setReason(event.target.value as ReportReason)} autoFocus>
        {REPORT_REASONS.map((key) => (
          <option key={key} value={key}>
            {REPORT_REASON_LABELS[key]}
          </option>
        ))}
      </Select>
      <Button variant="primary" disabled={state === 'sending'} onClick={() => void send()}>
        {reportCopy.submit}
      </Button>
      <Button onClick={() => setState('closed')}>{reportCopy.cancel}</Button>
    </Row>
  );
}

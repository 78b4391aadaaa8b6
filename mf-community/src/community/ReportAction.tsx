import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, REPORT_REASONS, REPORT_REASON_LABELS, requireLogin, Select, type RemoteContext, type ReportReason } from '@sports/shared';
import { communityApi } from '../api/communityApi';
import { reportCopy } from './communityCopy';

const Form = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

/**
 * 举报 on a post, a comment (a post's or an article's) or a headline article (`POST
 * api/moderation/report`): a guest is asked to log in; a member picks a reason and sends it; ops
 * see it in the 举报处理 queue.
 */
export function ReportAction({ context, kind, targetId }: { context: RemoteContext; kind: 'post' | 'comment' | 'headline'; targetId: number }) {
  const [state, setState] = useState<'closed' | 'open' | 'sending' | 'done' | 'failed'>('closed');
  const [reason, setReason] = useState<ReportReason>('spam');
  const selectId = useId();

  if (state === 'done') return <span role="status">{reportCopy.done}</span>;
  if (state === 'closed')
    return (
      <Button variant="ghost" data-testid={`${kind}-report`} onClick={() => requireLogin(context) && setState('open')}>
        {reportCopy.action}
      </Button>
    );

  const send = () => {
    setState('sending');
    communityApi(context.api)
      .report(kind, targetId, reason)
      .then(
        () => setState('done'),
        () => setState('failed'),
      );
  };

  return (
    <Form data-testid={`${kind}-report-form`}>
      <label htmlFor={selectId}>{reportCopy.reason}</label>
      <Select id={selectId} value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
        {REPORT_REASONS.map((key) => (
          <option key={key} value={key}>
            {REPORT_REASON_LABELS[key]}
          </option>
        ))}
      </Select>
      <Button variant="primary" data-testid={`${kind}-report-submit`} disabled={state === 'sending'} onClick={send}>
        {reportCopy.submit}
      </Button>
      <Button onClick={() => setState('closed')}>
        {reportCopy.cancel}
      </Button>
      {state === 'failed' && <span role="alert">{reportCopy.failed}</span>}
    </Form>
  );
}

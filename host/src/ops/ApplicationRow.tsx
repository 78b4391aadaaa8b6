import { useId, useState } from 'react';
import { REJECT_REASON_MAX, REJECT_REASON_MIN, type OpsAnchorApplication } from '@sports/shared';
import { hostMessages } from '../messages';
import { DialogButton } from '../feedback/DialogButton';
import { localTime } from './opsFormat';
import { ErrorText, StatusText } from './opsStyles';
import type { ReviewOutcome } from './useAnchorApplications';

const text = hostMessages.opsApplications;

/** A reject reason as the server takes it: 2-100 characters once trimmed. */
export function isRejectReason(reason: string): boolean {
  const length = [...reason.trim()].length;
  return length >= REJECT_REASON_MIN && length <= REJECT_REASON_MAX;
}

function stateText(application: OpsAnchorApplication): string {
  if (application.state === 'rejected') return text.rejectedWith(application.reject_reason ?? '');
  return text.states[application.state];
}

export interface ApplicationRowProps {
  application: OpsAnchorApplication;
  approve: (id: number) => Promise<ReviewOutcome>;
  reject: (id: number, reason: string) => Promise<ReviewOutcome>;
}

/** One application: who, what, the sample, when, its state and, while pending, approve or reject with a reason. */
export function ApplicationRow({ application, approve, reject }: ApplicationRowProps) {
  const { id } = application;
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [reasonInvalid, setReasonInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const run = async (review: () => Promise<ReviewOutcome>, done: (outcome: Extract<ReviewOutcome, { ok: true }>) => string) => {
    setBusy(true);
    setOutcome(null);
    const result = await review();
    setBusy(false);
    setOutcome(result.ok ? { ok: true, message: done(result) } : { ok: false, message: result.message });
  };

  const onReject = () => {
    const invalid = !isRejectReason(reason);
    setReasonInvalid(invalid);
    if (!invalid) void run(() => reject(id, reason.trim()), () => text.rejected);
  };

  const sampleIsLink = application.sample.startsWith('https://');
  return (
    <tr data-testid={`application-row-${id}`} data-state={application.state}>
      <td>{text.applicant(application.user_nickname, application.user_id)}</td>
      <td>{application.real_name}</td>
      <td>{text.categories[application.category] ?? String(application.category)}</td>
      <td data-wrap>{application.introduction}</td>
      <td>
        {sampleIsLink ? (
          <a href={application.sample} target="_blank" rel="noopener noreferrer" title={application.sample}>
            {text.openSample}
          </a>
        ) : (
          application.sample
        )}
      </td>
      <td>{localTime(application.created_at)}</td>
      <td data-testid={`application-state-${id}`}>{stateText(application)}</td>
      <td>
        {application.state === 'pending' && (
          <div role="group" aria-label={`${text.columns.actions} ${application.user_nickname}`} data-review>
            <DialogButton type="button" data-variant="primary" disabled={busy} data-testid={`application-approve-${id}`} onClick={() => void run(() => approve(id), (done) => text.approved(done.review.room_id))}>
              {text.approve}
            </DialogButton>
            <label htmlFor={reasonId}>{text.rejectReason}</label>
            <input
              id={reasonId}
              value={reason}
              maxLength={REJECT_REASON_MAX}
              disabled={busy}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={reasonInvalid ? true : undefined}
              aria-describedby={reasonInvalid ? errorId : undefined}
              data-testid={`application-reject-reason-${id}`}
            />
            <DialogButton type="button" disabled={busy} data-testid={`application-reject-${id}`} onClick={onReject}>
              {text.reject}
            </DialogButton>
            {reasonInvalid && (
              <ErrorText id={errorId} role="alert">
                {text.rejectReasonInvalid}
              </ErrorText>
            )}
          </div>
        )}
        {outcome &&
          (outcome.ok ? (
            <StatusText role="status" data-testid={`application-outcome-${id}`}>
              {outcome.message}
            </StatusText>
          ) : (
            <ErrorText role="alert" data-testid={`application-outcome-${id}`}>
              {outcome.message}
            </ErrorText>
          ))}
      </td>
    </tr>
  );
}

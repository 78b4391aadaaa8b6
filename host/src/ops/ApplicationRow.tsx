import { REJECT_REASON_MAX, REJECT_REASON_MIN, type OpsAnchorApplication } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { opsTime } from './opsFormat';
import { ReviewActions } from './ReviewQueue';
import type { ReviewOutcome } from './useAnchorApplications';

const text = opsMessages.opsApplications;

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
      <td>{opsTime(application.created_at)}</td>
      <td data-testid={`application-state-${id}`}>{stateText(application)}</td>
      <td>
        <ReviewActions
          testId={{ prefix: 'application', id }}
          pending={application.state === 'pending'}
          label={`${text.columns.actions} ${application.user_nickname}`}
          reasonMax={REJECT_REASON_MAX}
          isReason={isRejectReason}
          approve={() => approve(id)}
          approved={(done) => text.approved(done.review.room_id)}
          reject={(reason) => reject(id, reason)}
          rejected={text.rejected}
          copy={text}
        />
      </td>
    </tr>
  );
}

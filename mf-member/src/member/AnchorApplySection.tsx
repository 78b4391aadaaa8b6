import { useState } from 'react';
import styled from 'styled-components';
import { LoadView, Muted, PagePanel, Button, useLoad } from '@sports/shared';
import { memberApi, type AnchorApplication, type VerifiedInfo } from '../api/memberApi';
import { applyCopy } from '../messages';
import type { MemberSectionProps } from '../pages/MemberPage';
import { formatDateTime } from '../ui/format';
import { ApplicationForm } from './ApplicationForm';
import { RealNameForm } from './RealNameForm';

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 0;
  padding-left: 20px;

  [aria-current='step'] {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

interface ApplyState {
  verified: VerifiedInfo;
  application: AnchorApplication | null;
}

/**
 * member?type=7: step 1 the real-name check (`POST api/Member/verified`) unless
 * `getVerifiedInfo` says it is done, step 2 the application (`POST api/Member/applyAnchor`);
 * then its state (`GET api/Member/anchorApplication`), and 重新申请 after a rejection.
 */
export default function AnchorApplySection({ context, user }: MemberSectionProps) {
  const api = memberApi(context.api);
  const isAnchor = user.is_anchor === 1;
  const { state, retry, setState } = useLoad(isAnchor ? null : 'apply', async (): Promise<ApplyState> => {
    const [verified, application] = await Promise.all([api.verifiedInfo(), api.anchorApplication()]);
    return { verified, application: application ?? null };
  });
  const [reapplying, setReapplying] = useState(false);

  if (isAnchor) {
    return (
      <Muted>
        {applyCopy.alreadyAnchor} <a href="#/member?type=9">{applyCopy.toRecords}</a>
      </Muted>
    );
  }

  return (
    <LoadView announceFailure state={state} failed={applyCopy.failed} onRetry={retry}>
      {({ verified, application }) => {
        const isVerified = verified.is_verified === 1;
        const showState = application !== null && !(application.state === 'rejected' && reapplying);
        const step = isVerified ? 2 : 1;
        if (showState) {
          return (
            <ApplicationState
              application={application}
              onApplyAgain={() => setReapplying(true)}
            />
          );
        }
        return (
          <>
            <nav aria-label={applyCopy.steps}>
              <Steps>
                <li aria-current={step === 1 ? 'step' : undefined}>{applyCopy.stepVerify}</li>
                <li aria-current={step === 2 ? 'step' : undefined}>{applyCopy.stepApply}</li>
              </Steps>
            </nav>
            {isVerified ? (
              <PagePanel aria-labelledby="member-apply-heading">
                <h2 id="member-apply-heading">{applyCopy.stepApply}</h2>
                <p data-testid="verified-info">{applyCopy.verified(verified.name ?? '', verified.id_number ?? '')}</p>
                <ApplicationForm
                  api={api}
                  previous={application}
                  onSubmitted={(submitted) => {
                    setReapplying(false);
                    setState({ status: 'ready', data: { verified, application: submitted } });
                  }}
                />
              </PagePanel>
            ) : (
              <PagePanel aria-labelledby="member-verify-heading">
                <h2 id="member-verify-heading">{applyCopy.stepVerify}</h2>
                <RealNameForm api={api} onVerified={(info) => setState({ status: 'ready', data: { verified: { ...info, is_verified: 1 }, application } })} />
              </PagePanel>
            )}
          </>
        );
      }}
    </LoadView>
  );
}

function ApplicationState({ application, onApplyAgain }: { application: AnchorApplication; onApplyAgain: () => void }) {
  const label = applyCopy.states[application.state] ?? application.state;
  return (
    <PagePanel aria-labelledby="member-application-heading">
      <h2 id="member-application-heading">{applyCopy.state}</h2>
      <p role="status" data-testid="application-state" data-state={application.state}>
        {label}
      </p>
      <dl>
        <dt>{applyCopy.category}</dt>
        <dd>{applyCopy.categories[application.category] ?? application.category}</dd>
        <dt>{applyCopy.submittedAt}</dt>
        <dd>{formatDateTime(application.created_at)}</dd>
      </dl>
      {application.state === 'pending' && <p>{applyCopy.pendingNote}</p>}
      {application.state === 'approved' && (
        <p>
          {applyCopy.approvedNote} <a href="#/live?mine=1">{applyCopy.openRoom}</a>
        </p>
      )}
      {application.state === 'rejected' && (
        <>
          {application.reject_reason && <p data-testid="application-reason">{applyCopy.rejectedReason(application.reject_reason)}</p>}
          <Button type="button" data-testid="apply-again" onClick={onApplyAgain}>
            {applyCopy.applyAgain}
          </Button>
        </>
      )}
    </PagePanel>
  );
}

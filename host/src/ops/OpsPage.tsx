import { useSearchParams } from 'wouter';
import { opsMessages } from './opsMessages';
import { ActivityBannersPanel } from './ActivityBannersPanel';
import { ChargeRulesPanel } from './ChargeRulesPanel';
import { AnchorApplicationsPanel } from './AnchorApplicationsPanel';
import { AuditTable } from './AuditTable';
import { DialogButton } from '../feedback/DialogButton';
import { ErrorText, Muted, Page, Toolbar } from './opsStyles';
import { Tabs } from '@sports/shared';
import { OPS_SECTIONS, isOpsSection, type OpsSection } from './opsSections';
import { OpsTokenForm } from './OpsTokenForm';
import { RemoteRolloutPanel } from './RemoteRolloutPanel';
import { useOpsConsole, type OpsSnapshot, type RunOperation } from './useOpsConsole';
import { WithdrawalsPanel } from './WithdrawalsPanel';
import { ModerationQueuePanel } from './ModerationQueuePanel';
import { ModerationWordsPanel } from './ModerationWordsPanel';
import { HeadlinesPanel } from './HeadlinesPanel';
import { LotteryAuditPanel } from './LotteryAuditPanel';
import { PredictionAuditPanel } from './PredictionAuditPanel';
import { RedPacketAuditPanel } from './RedPacketAuditPanel';

const text = opsMessages.ops;

function RolloutConsole({ snapshot, loadError, run, reload }: { snapshot: OpsSnapshot | null; loadError: string | null; run: RunOperation; reload: () => void }) {
  return (
    <>
      <Toolbar>
        <Muted>{text.intro}</Muted>
        <DialogButton type="button" onClick={reload}>
          {text.refresh}
        </DialogButton>
      </Toolbar>
      {loadError && <ErrorText role="alert">{`${text.loadFailed}${loadError}`}</ErrorText>}
      {!snapshot ? (
        <Muted role="status">{text.loading}</Muted>
      ) : (
        <>
          {snapshot.states.map((state) => (
            <RemoteRolloutPanel key={state.remote} state={state} run={run} />
          ))}
          <AuditTable entries={snapshot.audit} />
        </>
      )}
    </>
  );
}

/**
 * #/ops: the ops console (DESIGN.md section 1). Without the ops token only the token form shows;
 * with it, three sections as tabs (`?tab=` keeps the choice): staged rollouts of the remotes
 * (each remote's releases, traffic shares, error rates, the operations and the audit log; the
 * default), the anchor application review, and the activity banners.
 */
export function OpsPage() {
  const ops = useOpsConsole();
  const [query, setQuery] = useSearchParams();
  const asked = query.get('tab');
  const section: OpsSection = isOpsSection(asked) ? asked : 'rollouts';
  const show = (next: OpsSection) => setQuery(next === 'rollouts' ? {} : { tab: next }, { replace: true });

  return (
    <Page aria-labelledby="ops-title">
      <h1 id="ops-title">{text.title}</h1>
      {!ops.signedIn || !ops.api ? (
        <OpsTokenForm error={ops.tokenError} checking={ops.checking} onSubmit={(token) => void ops.signIn(token)} />
      ) : (
        <>
          <Toolbar>
            <DialogButton type="button" onClick={ops.signOut}>
              {text.signOut}
            </DialogButton>
          </Toolbar>
          <Tabs
            label={text.sections}
            items={OPS_SECTIONS.map((key) => ({ key, label: text.tabs[key] }))}
            selected={section}
            onSelect={show}
            tabTestId={(key) => `ops-tab-${key}`}
          >
            {section === 'rollouts' && <RolloutConsole snapshot={ops.snapshot} loadError={ops.loadError} run={ops.run} reload={() => void ops.reload()} />}
            {section === 'applications' && <AnchorApplicationsPanel api={ops.api} onForbidden={ops.refuse} />}
            {section === 'activities' && <ActivityBannersPanel api={ops.api} onForbidden={ops.refuse} />}
            {section === 'withdrawals' && <WithdrawalsPanel api={ops.api} onForbidden={ops.refuse} />}
            {section === 'chargeRules' && <ChargeRulesPanel api={ops.api} onForbidden={ops.refuse} />}
            {section === 'moderationReports' && <ModerationQueuePanel api={ops.api} onForbidden={ops.refuse} />}
            {section === 'moderationWords' && <ModerationWordsPanel api={ops.api} onForbidden={ops.refuse} />}
            {section === 'headlines' && <HeadlinesPanel onForbidden={ops.refuse} />}
            {section === 'predictionAudit' && <PredictionAuditPanel api={ops.api} onForbidden={ops.refuse} />}
            {section === 'redPacketAudit' && <RedPacketAuditPanel api={ops.api} onForbidden={ops.refuse} />}
            {section === 'lotteryAudit' && <LotteryAuditPanel api={ops.api} onForbidden={ops.refuse} />}
          </Tabs>
        </>
      )}
    </Page>
  );
}

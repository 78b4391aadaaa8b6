import { useId } from 'react';
import type { RolloutState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { CanaryForm } from './CanaryForm';
import { trafficShare } from './opsFormat';
import { OverrideForm } from './OverrideForm';
import { Forms, Panel } from './opsStyles';
import { PromoteForm } from './PromoteForm';
import { ReleaseTable } from './ReleaseTable';
import { RollbackForm } from './RollbackForm';
import type { RunOperation } from './useOpsConsole';

const text = opsMessages.ops;

/** One remote: stable and candidate with their traffic shares, its releases, the operations. */
export function RemoteRolloutPanel({ state, run }: { state: RolloutState; run: RunOperation }) {
  const headingId = useId();
  const describe = (releaseId: string | null) =>
    releaseId ? `${releaseId}（${text.share(trafficShare(state, releaseId) ?? 0)}）` : text.none;
  return (
    <Panel aria-labelledby={headingId} data-remote-panel={state.remote}>
      <h2 id={headingId}>{text.remoteHeading(text.remoteNames[state.remote], state.remote)}</h2>
      <dl>
        <dt>{text.stable}</dt>
        <dd data-testid={`stable-${state.remote}`}>{describe(state.stable)}</dd>
        <dt>{text.candidate}</dt>
        <dd data-testid={`candidate-${state.remote}`}>{describe(state.candidate)}</dd>
      </dl>
      <ReleaseTable state={state} />
      <Forms>
        <CanaryForm state={state} run={run} />
        <PromoteForm state={state} run={run} />
        <RollbackForm state={state} run={run} />
        <OverrideForm state={state} run={run} />
      </Forms>
    </Panel>
  );
}

import { useState } from 'react';
import type { RolloutState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { OperationForm } from './OperationForm';
import type { RunOperation } from './useOpsConsole';

const text = opsMessages.ops;
const DROP_CANDIDATE = '';

/** Drop the candidate, or set stable back to an earlier release. */
export function RollbackForm({ state, run }: { state: RolloutState; run: RunOperation }) {
  const earlier = state.releases.filter((release) => release.releaseId !== state.stable && release.releaseId !== state.candidate);
  const targets = [...(state.candidate ? [DROP_CANDIDATE] : []), ...earlier.map((release) => release.releaseId)];
  const [picked, setPicked] = useState<string | null>(null);
  // What was picked, while it is still a choice after the state reloads; else the first choice.
  const target = picked !== null && targets.includes(picked) ? picked : targets[0];

  return (
    <OperationForm
      legend={text.rollbackLegend}
      submitLabel={text.rollback}
      disabled={target === undefined}
      onRun={(reason) => run((api) => api.rollback(state.remote, target === DROP_CANDIDATE || target === undefined ? null : target, reason))}
      doneMessage={text.done(state.remote)}
    >
      <label>
        {text.rollbackTarget}
        <select value={target ?? DROP_CANDIDATE} onChange={(event) => setPicked(event.target.value)}>
          {targets.map((releaseId) => (
            <option key={releaseId || 'drop'} value={releaseId}>
              {releaseId === DROP_CANDIDATE ? text.rollbackDropCandidate : text.rollbackTo(releaseId)}
            </option>
          ))}
        </select>
      </label>
    </OperationForm>
  );
}

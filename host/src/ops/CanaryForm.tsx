import { useState } from 'react';
import type { RolloutState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { OperationForm } from './OperationForm';
import { OpsField } from './OpsField';
import { Muted } from './opsStyles';
import { ReleaseSelect, useReleaseChoice } from './ReleaseSelect';
import type { RunOperation } from './useOpsConsole';

const text = opsMessages.ops;

/** Start a canary of a registered release at N %, or change the candidate's N. */
export function CanaryForm({ state, run }: { state: RolloutState; run: RunOperation }) {
  const choices = state.releases.filter((release) => release.releaseId !== state.stable);
  const { chosen, pick, forget } = useReleaseChoice(state, choices);
  const [typed, setTyped] = useState<string | null>(null);
  const [percentInvalid, setPercentInvalid] = useState(false);
  // What was typed, until the operation is done; else the candidate's share (0 for a new canary).
  const percent = typed ?? String(state.candidate ? state.candidatePercent : 0);
  const validPercent = () => /^\d{1,3}$/.test(percent.trim()) && Number(percent) <= 100;

  return (
    <OperationForm
      legend={text.canaryLegend}
      submitLabel={chosen === state.candidate ? text.canaryChange : text.canaryStart}
      disabled={choices.length === 0}
      validate={() => {
        setPercentInvalid(!validPercent());
        return validPercent();
      }}
      onRun={async (reason) => {
        const error = await run((api) => api.canary(state.remote, chosen, Number(percent), reason));
        if (!error) {
          setTyped(null);
          forget();
        }
        return error;
      }}
      doneMessage={text.done(state.remote)}
    >
      {choices.length === 0 && <Muted>{text.noCanaryCandidates}</Muted>}
      <ReleaseSelect label={text.canaryRelease} choices={choices} value={chosen} onChange={pick} />
      <OpsField
        label={text.canaryPercent}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={percent}
        onValueChange={setTyped}
        error={percentInvalid ? text.percentInvalid : null}
      />
    </OperationForm>
  );
}

import type { RolloutState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { OperationForm } from './OperationForm';
import { Muted } from './opsStyles';
import type { RunOperation } from './useOpsConsole';

const text = opsMessages.ops;

/** The candidate becomes stable for everyone. */
export function PromoteForm({ state, run }: { state: RolloutState; run: RunOperation }) {
  return (
    <OperationForm
      legend={text.promoteLegend}
      submitLabel={text.promote}
      disabled={!state.candidate}
      onRun={(reason) => run((api) => api.promote(state.remote, reason))}
      doneMessage={text.done(state.remote)}
    >
      <Muted>{state.candidate ?? text.promoteNothing}</Muted>
    </OperationForm>
  );
}

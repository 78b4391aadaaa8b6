import type { RolloutState } from '@sports/shared';
import { hostMessages } from '../messages';
import { OperationForm } from './OperationForm';
import { Muted } from './opsStyles';
import type { RunOperation } from './useOpsConsole';

const text = hostMessages.ops;

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

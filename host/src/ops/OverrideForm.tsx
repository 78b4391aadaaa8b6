import { useState, type FormEvent } from 'react';
import { chinaSecondsText, type OverrideGrantAnswer, type RolloutState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { OpsField } from './OpsField';
import { ErrorText, Fieldset, Muted, StatusText, SubmitButton } from './opsStyles';
import { ReleaseSelect, useReleaseChoice } from './ReleaseSelect';
import type { RunOperation } from './useOpsConsole';

const text = opsMessages.ops;
const DEFAULT_MINUTES = '60';

/**
 * A QA override address for one release: the server signs a token naming the remote, the release
 * and an expiry (server/src/rollouts/overrideTokens.ts); the browser that opens the address loads
 * that release whatever the percentage. Not audited (it changes nothing for anyone else), and
 * refused by the server for a rolled-back release.
 */
export function OverrideForm({ state, run }: { state: RolloutState; run: RunOperation }) {
  const choices = state.releases;
  const { chosen, pick } = useReleaseChoice(state, choices);
  const [minutes, setMinutes] = useState(DEFAULT_MINUTES);
  const [minutesInvalid, setMinutesInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ grant: OverrideGrantAnswer } | { error: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = /^\d{1,6}$/.test(minutes.trim()) && Number(minutes) >= 1;
    setMinutesInvalid(!valid);
    if (!valid) return;
    setBusy(true);
    setOutcome(null);
    let grant: OverrideGrantAnswer | null = null;
    const error = await run(async (api) => {
      grant = await api.override(state.remote, chosen, Number(minutes));
    });
    setBusy(false);
    setOutcome(error || grant === null ? { error: error ?? '' } : { grant });
  };

  const address = outcome && 'grant' in outcome ? `${window.location.origin}${outcome.grant.url}` : null;
  return (
    <form onSubmit={submit} aria-label={text.overrideLegend} noValidate>
      <Fieldset disabled={choices.length === 0 || busy}>
        <legend>{text.overrideLegend}</legend>
        {choices.length === 0 && <Muted>{text.overrideNone}</Muted>}
        <ReleaseSelect label={text.overrideRelease} choices={choices} value={chosen} onChange={pick} />
        <OpsField
          label={text.overrideMinutes}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={minutes}
          onValueChange={setMinutes}
          error={minutesInvalid ? text.minutesInvalid : null}
        />
        <SubmitButton type="submit" data-variant="primary">
          {text.overrideIssue}
        </SubmitButton>
        {outcome && 'grant' in outcome && address && (
          <StatusText role="status">
            {text.overrideIssued(outcome.grant.releaseId, chinaSecondsText(outcome.grant.expiresAt))}{' '}
            <a href={address} data-testid={`override-link-${state.remote}`}>
              {address}
            </a>
          </StatusText>
        )}
        {outcome && 'error' in outcome && <ErrorText role="alert">{outcome.error}</ErrorText>}
      </Fieldset>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { opsMessages } from './opsMessages';
import { OpsField } from './OpsField';
import { Fieldset, Muted, SubmitButton } from './opsStyles';

const text = opsMessages.ops;

/** Asks for the ops token once; a refused one shows 需要运维权限. */
export function OpsTokenForm({ error, checking, onSubmit }: { error: string | null; checking: boolean; onSubmit: (token: string) => void }) {
  const [token, setToken] = useState('');
  const [missing, setMissing] = useState(false);
  const shown = missing ? text.tokenRequired : error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = token.trim();
    setMissing(trimmed === '');
    if (trimmed !== '') onSubmit(trimmed);
  };

  return (
    <form onSubmit={submit} aria-label={text.tokenForm} noValidate>
      <Fieldset>
        <OpsField label={text.tokenLabel} type="password" autoComplete="off" value={token} onValueChange={setToken} error={shown} />
        <Muted>{text.tokenHint}</Muted>
        <SubmitButton type="submit" data-variant="primary" disabled={checking}>
          {text.enter}
        </SubmitButton>
      </Fieldset>
    </form>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { opsMessages } from './opsMessages';
import { OpsField } from './OpsField';
import { ErrorText, Fieldset, StatusText, SubmitButton } from './opsStyles';

const text = opsMessages.ops;

export interface OperationFormProps {
  legend: string;
  submitLabel: string;
  /** The fields before the reason (release, percent, target). */
  children?: ReactNode;
  disabled?: boolean;
  /** Checks the form's own fields; false stops the submit (they show their errors). */
  validate?: () => boolean;
  /** Runs the operation with the reason; resolves to an error message or null. */
  onRun: (reason: string) => Promise<string | null>;
  doneMessage: string;
}

/** One operation: its fields, a required reason for the audit log, and what came of it. */
export function OperationForm({ legend, submitLabel, children, disabled = false, validate, onRun, doneMessage }: OperationFormProps) {
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const fieldsValid = validate ? validate() : true;
    setReasonMissing(trimmed === '');
    if (trimmed === '' || !fieldsValid) return;
    setBusy(true);
    setOutcome(null);
    const error = await onRun(trimmed);
    setBusy(false);
    setOutcome(error ? { ok: false, message: error } : { ok: true, message: doneMessage });
    if (!error) setReason('');
  };

  return (
    <form onSubmit={submit} aria-label={legend} noValidate>
      <Fieldset disabled={disabled || busy}>
        <legend>{legend}</legend>
        {children}
        <OpsField label={text.reason} value={reason} onValueChange={setReason} maxLength={500} error={reasonMissing ? text.reasonRequired : null} />
        <SubmitButton type="submit" data-variant="primary">
          {submitLabel}
        </SubmitButton>
        {outcome && (outcome.ok ? <StatusText role="status">{outcome.message}</StatusText> : <ErrorText role="alert">{outcome.message}</ErrorText>)}
      </Fieldset>
    </form>
  );
}

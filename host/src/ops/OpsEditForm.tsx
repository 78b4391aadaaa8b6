import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { DialogButton } from '../feedback/DialogButton';
import { ErrorText, Fieldset, StatusText, SubmitButton, Toolbar } from './opsStyles';
import type { ChangeOutcome } from './useActivityBanners';

type Outcome = { ok: boolean; message: string } | null;

export interface OpsEditFormOptions<Item extends { id: number }, Values, Errors extends object, Request> {
  /** The item being edited, or null for a new one. */
  editing: Item | null;
  empty: Values;
  formOf: (item: Item) => Values;
  validate: (values: Values) => Errors;
  toRequest: (values: Values, id: number | null) => Request;
  onSave: (request: Request) => Promise<ChangeOutcome>;
  onCancelEdit: () => void;
  /** The status line after a save. */
  saved: string;
}

/**
 * A create-or-edit form of the ops page: the values follow `editing` (empty for a new one); a
 * submit checks them here (each error under its field), saves, and shows the outcome. A saved
 * edit ends the edit; a saved new one empties the form.
 */
export function useOpsEditForm<Item extends { id: number }, Values, Errors extends object, Request>(options: OpsEditFormOptions<Item, Values, Errors, Request>) {
  const { editing, empty, formOf, validate, toRequest, onSave, onCancelEdit, saved } = options;
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Errors>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    setValues(editing ? formOf(editing) : empty);
    setErrors({});
    setOutcome(null);
    // Only a new `editing` resets the form (the other options are fixed for the form's life).
  }, [editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setOutcome(null);
    const error = await onSave(toRequest(values, editing?.id ?? null));
    setBusy(false);
    if (error) {
      setOutcome({ ok: false, message: error });
      return;
    }
    setOutcome({ ok: true, message: saved });
    if (editing) onCancelEdit();
    else setValues(empty);
  };

  return { values, setValues, errors, busy, outcome, submit };
}

export interface OpsEditFormFrameProps {
  legend: string;
  testId: string;
  busy: boolean;
  editing: boolean;
  outcome: Outcome;
  submit: (event: FormEvent) => Promise<void>;
  onCancelEdit: () => void;
  copy: { save: string; cancelEdit: string };
  children: ReactNode;
}

/** The frame of a create-or-edit form: its legend, the fields, 保存 (and 取消编辑 while editing), the outcome. */
export function OpsEditFormFrame({ legend, testId, busy, editing, outcome, submit, onCancelEdit, copy, children }: OpsEditFormFrameProps) {
  return (
    <form onSubmit={submit} aria-label={legend} noValidate data-testid={testId}>
      <Fieldset disabled={busy}>
        <legend>{legend}</legend>
        {children}
        <Toolbar>
          <SubmitButton type="submit" data-variant="primary">
            {copy.save}
          </SubmitButton>
          {editing && (
            <DialogButton type="button" onClick={onCancelEdit}>
              {copy.cancelEdit}
            </DialogButton>
          )}
        </Toolbar>
        {outcome && (outcome.ok ? <StatusText role="status">{outcome.message}</StatusText> : <ErrorText role="alert">{outcome.message}</ErrorText>)}
      </Fieldset>
    </form>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { ACTIVITY_TITLE_MAX, ACTIVITY_URL_MAX, type Activity, type ActivityTarget, type SaveActivityRequest } from '@sports/shared';
import { hostMessages } from '../messages';
import { DialogButton } from '../feedback/DialogButton';
import { EMPTY_ACTIVITY_FORM, formOf, toSaveRequest, validateActivityForm, type ActivityFormErrors, type ActivityFormValues } from './activityForm';
import { OpsField } from './OpsField';
import { ErrorText, Fieldset, StatusText, SubmitButton, Toolbar } from './opsStyles';
import type { ChangeOutcome } from './useActivityBanners';

const text = hostMessages.opsActivities;
const TARGETS: ActivityTarget[] = ['_blank', '_self'];

export interface ActivityFormProps {
  /** The banner being edited, or null for a new one. */
  editing: Activity | null;
  onSave: (request: SaveActivityRequest) => Promise<ChangeOutcome>;
  onCancelEdit: () => void;
}

/** Create or edit a banner: title, image, link, target and its time window (the viewer's local time). */
export function ActivityForm({ editing, onSave, onCancelEdit }: ActivityFormProps) {
  const [values, setValues] = useState<ActivityFormValues>(EMPTY_ACTIVITY_FORM);
  const [errors, setErrors] = useState<ActivityFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    setValues(editing ? formOf(editing) : EMPTY_ACTIVITY_FORM);
    setErrors({});
    setOutcome(null);
  }, [editing]);

  const field = (name: keyof ActivityFormValues) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateActivityForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setOutcome(null);
    const error = await onSave(toSaveRequest(values, editing?.id ?? null));
    setBusy(false);
    if (error) {
      setOutcome({ ok: false, message: error });
      return;
    }
    setOutcome({ ok: true, message: text.saved });
    if (editing) onCancelEdit();
    else setValues(EMPTY_ACTIVITY_FORM);
  };

  const legend = editing ? text.editLegend(editing.id) : text.createLegend;
  return (
    <form onSubmit={submit} aria-label={legend} noValidate data-testid="activity-form">
      <Fieldset disabled={busy}>
        <legend>{legend}</legend>
        <OpsField label={text.title} value={values.title} onValueChange={field('title')} maxLength={ACTIVITY_TITLE_MAX} error={errors.title ?? null} />
        <OpsField label={text.image} value={values.image} onValueChange={field('image')} maxLength={ACTIVITY_URL_MAX} inputMode="url" error={errors.image ?? null} />
        <OpsField label={text.link} value={values.link} onValueChange={field('link')} maxLength={ACTIVITY_URL_MAX} inputMode="url" error={errors.link ?? null} />
        <label>
          {text.target}
          <select value={values.target} onChange={(event) => field('target')(event.target.value)}>
            {TARGETS.map((target) => (
              <option key={target} value={target}>
                {text.targets[target]}
              </option>
            ))}
          </select>
        </label>
        <OpsField label={text.startsAt} type="datetime-local" value={values.startsAt} onValueChange={field('startsAt')} error={errors.startsAt ?? null} />
        <OpsField label={text.endsAt} type="datetime-local" value={values.endsAt} onValueChange={field('endsAt')} error={errors.endsAt ?? null} />
        <Toolbar>
          <SubmitButton type="submit" data-variant="primary">
            {text.save}
          </SubmitButton>
          {editing && (
            <DialogButton type="button" onClick={onCancelEdit}>
              {text.cancelEdit}
            </DialogButton>
          )}
        </Toolbar>
        {outcome && (outcome.ok ? <StatusText role="status">{outcome.message}</StatusText> : <ErrorText role="alert">{outcome.message}</ErrorText>)}
      </Fieldset>
    </form>
  );
}

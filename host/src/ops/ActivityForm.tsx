import { ACTIVITY_TITLE_MAX, ACTIVITY_URL_MAX, type Activity, type ActivityTarget, type SaveActivityRequest } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { EMPTY_ACTIVITY_FORM, formOf, toSaveRequest, validateActivityForm, type ActivityFormValues } from './activityForm';
import { OpsField } from './OpsField';
import { OpsEditFormFrame, useOpsEditForm } from './OpsEditForm';
import type { ChangeOutcome } from './useActivityBanners';

const text = opsMessages.opsActivities;
const TARGETS: ActivityTarget[] = ['_blank', '_self'];

export interface ActivityFormProps {
  /** The banner being edited, or null for a new one. */
  editing: Activity | null;
  onSave: (request: SaveActivityRequest) => Promise<ChangeOutcome>;
  onCancelEdit: () => void;
}

/** Create or edit a banner: title, image, link, target and its time window (China time, whatever the browser's zone). */
export function ActivityForm({ editing, onSave, onCancelEdit }: ActivityFormProps) {
  const { values, setValues, errors, busy, outcome, submit } = useOpsEditForm({
    editing,
    empty: EMPTY_ACTIVITY_FORM,
    formOf,
    validate: validateActivityForm,
    toRequest: toSaveRequest,
    onSave,
    onCancelEdit,
    saved: text.saved,
  });

  const field = (name: keyof ActivityFormValues) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const legend = editing ? text.editLegend(editing.id) : text.createLegend;
  return (
    <OpsEditFormFrame legend={legend} testId="activity-form" busy={busy} editing={editing !== null} outcome={outcome} submit={submit} onCancelEdit={onCancelEdit} copy={text}>
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
      <OpsField label={text.startsAtInput} type="datetime-local" value={values.startsAt} onValueChange={field('startsAt')} error={errors.startsAt ?? null} />
      <OpsField label={text.endsAtInput} type="datetime-local" value={values.endsAt} onValueChange={field('endsAt')} error={errors.endsAt ?? null} />
    </OpsEditFormFrame>
  );
}

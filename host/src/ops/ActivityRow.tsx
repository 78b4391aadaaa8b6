import { useState } from 'react';
import type { Activity } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { activityStatus } from './activityForm';
import { opsTime } from './opsFormat';
import { ErrorText } from './opsStyles';
import type { ChangeOutcome } from './useActivityBanners';

const text = opsMessages.opsActivities;

export interface ActivityRowProps {
  activity: Activity;
  now: number;
  onEdit: (activity: Activity) => void;
  onRemove: (id: number) => Promise<ChangeOutcome>;
}

/** One banner: its picture, link, window and status; edit, or delete after a second click to confirm. */
export function ActivityRow({ activity, now, onEdit, onRemove }: ActivityRowProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(await onRemove(activity.id));
    setBusy(false);
    setConfirming(false);
  };

  return (
    <tr data-testid={`activity-row-${activity.id}`}>
      <td>{activity.title}</td>
      <td>
        <img src={activity.image} alt={activity.title} width={96} height={32} loading="lazy" style={{ objectFit: 'cover' }} />
      </td>
      <td data-wrap>{activity.link}</td>
      <td>{text.targets[activity.target]}</td>
      <td>{opsTime(activity.starts_at)}</td>
      <td>{opsTime(activity.ends_at)}</td>
      <td data-testid={`activity-status-${activity.id}`}>{text.statuses[activityStatus(activity, now)]}</td>
      <td>
        <div role="group" aria-label={`${text.columns.actions} ${activity.title}`} data-actions>
          {confirming ? (
            <>
              <DialogButton type="button" data-variant="primary" disabled={busy} onClick={() => void remove()} data-testid={`activity-confirm-delete-${activity.id}`}>
                {text.confirmRemove}
              </DialogButton>
              <DialogButton type="button" disabled={busy} onClick={() => setConfirming(false)}>
                {text.keep}
              </DialogButton>
            </>
          ) : (
            <>
              <DialogButton type="button" onClick={() => onEdit(activity)} data-testid={`activity-edit-${activity.id}`}>
                {text.edit}
              </DialogButton>
              <DialogButton type="button" onClick={() => setConfirming(true)} data-testid={`activity-delete-${activity.id}`}>
                {text.remove}
              </DialogButton>
            </>
          )}
        </div>
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </td>
    </tr>
  );
}

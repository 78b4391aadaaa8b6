import { ACTIVITY_TITLE_MAX, ACTIVITY_URL_MAX, chinaInputValue, fromChinaInputValue, type Activity, type ActivityTarget, type SaveActivityRequest } from '@sports/shared';
import { opsMessages } from './opsMessages';

const text = opsMessages.opsActivities;

/** The banner form's fields as typed; times as `<input type="datetime-local">` values read as China time (never the browser's zone). */
export interface ActivityFormValues {
  title: string;
  image: string;
  link: string;
  target: ActivityTarget;
  startsAt: string;
  endsAt: string;
}

export type ActivityFormErrors = Partial<Record<keyof ActivityFormValues, string>>;

export const EMPTY_ACTIVITY_FORM: ActivityFormValues = { title: '', image: '', link: '', target: '_blank', startsAt: '', endsAt: '' };

// The patterns of SaveActivityRequestSchema (shared/src/schemas/member.ts).
const IMAGE_PATTERN = /^(https:\/\/[^\s]+|\/uploads\/[0-9a-f]+\.[a-z]+)$/;
const LINK_PATTERN = /^(https:\/\/[^\s]+|\/web\/[^\s]*)$/;

/** '2025-11-22T05:14:03Z' → '2025-11-22T13:14' (a datetime-local value in China time). */
export const toChinaInput = chinaInputValue;

/** A datetime-local value read as China time → ISO in UTC; null when empty or not a time. */
export const fromChinaInput = fromChinaInputValue;

export function formOf(activity: Activity): ActivityFormValues {
  return {
    title: activity.title,
    image: activity.image,
    link: activity.link,
    target: activity.target,
    startsAt: toChinaInput(activity.starts_at),
    endsAt: toChinaInput(activity.ends_at),
  };
}

/** The rules the server applies, checked before the call so ops see each field's problem. */
export function validateActivityForm(values: ActivityFormValues): ActivityFormErrors {
  const errors: ActivityFormErrors = {};
  const title = values.title.trim();
  if (title === '' || [...title].length > ACTIVITY_TITLE_MAX) errors.title = text.titleInvalid;
  const image = values.image.trim();
  if (image.length > ACTIVITY_URL_MAX || !IMAGE_PATTERN.test(image)) errors.image = text.imageInvalid;
  const link = values.link.trim();
  if (link.length > ACTIVITY_URL_MAX || !LINK_PATTERN.test(link)) errors.link = text.linkInvalid;
  const startsAt = fromChinaInput(values.startsAt);
  const endsAt = fromChinaInput(values.endsAt);
  if (startsAt === null) errors.startsAt = text.timeRequired;
  if (endsAt === null) errors.endsAt = text.timeRequired;
  else if (startsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)) errors.endsAt = text.timeOrder;
  return errors;
}

/** The request for valid values; `id` when editing. */
export function toSaveRequest(values: ActivityFormValues, id: number | null): SaveActivityRequest {
  return {
    ...(id === null ? {} : { id }),
    title: values.title.trim(),
    image: values.image.trim(),
    link: values.link.trim(),
    target: values.target,
    starts_at: fromChinaInput(values.startsAt) ?? '',
    ends_at: fromChinaInput(values.endsAt) ?? '',
  };
}

export type ActivityStatus = 'upcoming' | 'active' | 'ended';

/** Where a banner's window stands at `now`: the home page shows the active ones. */
export function activityStatus(activity: Pick<Activity, 'starts_at' | 'ends_at'>, now: number): ActivityStatus {
  if (now < Date.parse(activity.starts_at)) return 'upcoming';
  return now < Date.parse(activity.ends_at) ? 'active' : 'ended';
}

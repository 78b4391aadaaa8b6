import { HEADLINE_BODY_MAX, HEADLINE_RELATED_MATCHES_MAX, HEADLINE_SUMMARY_MAX, HEADLINE_TITLE_MAX, type OpsHeadline, type OpsHeadlineWrite } from '@sports/shared';
import { headlinesCopy as text } from './HeadlinesCopy';

/** The editor's fields as typed. */
export interface HeadlineFormValues {
  title: string;
  summary: string;
  category: string;
  cover: string;
  author: string;
  body: string;
  matches: string;
}

export type HeadlineFormErrors = Partial<Record<keyof HeadlineFormValues, string>>;

export function emptyHeadlineForm(category: string): HeadlineFormValues {
  return { title: '', summary: '', category, cover: '', author: '', body: '', matches: '' };
}

export function headlineFormOf(headline: OpsHeadline): HeadlineFormValues {
  return {
    title: headline.title,
    summary: headline.summary,
    category: headline.category,
    cover: headline.cover ?? '',
    author: headline.author,
    body: headline.body,
    matches: headline.related_match_ids.join(', '),
  };
}

const UPLOAD = /^\/uploads\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;
const STATIC = /^\/static\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.(png|jpg|jpeg|webp|gif|svg)$/;
const length = (value: string) => [...value].length;

/** The match ids typed (comma, 、 or space separated), or null when one is not a positive integer or repeats. */
export function parseMatchIds(typed: string): number[] | null {
  const parts = typed.split(/[\s,，、]+/).filter((part) => part !== '');
  if (!parts.every((part) => /^[1-9][0-9]{0,14}$/.test(part))) return null;
  const ids = parts.map(Number);
  if (new Set(ids).size !== ids.length || ids.length > HEADLINE_RELATED_MATCHES_MAX) return null;
  return ids;
}

/** The server's rules, checked first (the server checks them again). */
export function validateHeadlineForm(values: HeadlineFormValues): HeadlineFormErrors {
  const errors: HeadlineFormErrors = {};
  const title = values.title.trim();
  if (title === '' || length(title) > HEADLINE_TITLE_MAX) errors.title = text.titleInvalid;
  if (length(values.summary.trim()) > HEADLINE_SUMMARY_MAX) errors.summary = text.summaryInvalid;
  const body = values.body.trim();
  if (body === '' || length(body) > HEADLINE_BODY_MAX) errors.body = text.bodyInvalid;
  const cover = values.cover.trim();
  if (cover !== '' && !UPLOAD.test(cover) && !STATIC.test(cover)) errors.cover = text.coverInvalid;
  if (parseMatchIds(values.matches) === null) errors.matches = text.matchesInvalid;
  return errors;
}

export function toHeadlineWrite(values: HeadlineFormValues): OpsHeadlineWrite {
  const cover = values.cover.trim();
  return {
    title: values.title.trim(),
    summary: values.summary.trim(),
    category: values.category,
    cover: cover === '' ? null : cover,
    author: values.author.trim(),
    body: values.body.trim(),
    related_match_ids: parseMatchIds(values.matches) ?? [],
  };
}

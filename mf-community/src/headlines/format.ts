import { chinaDateTimeText } from '@sports/shared';

/** China time, as the site shows every time: 2026/11/22 19:30. */
export function formatDateTime(iso: string): string {
  return chinaDateTimeText(iso);
}

/** Only site paths (`/uploads/…`, `/static/…`) are used as image sources; anything else shows no image. */
export function siteImage(src: string | null | undefined): string | undefined {
  return typeof src === 'string' && /^\/[^/\s][^\s]*$/.test(src) ? src : undefined;
}

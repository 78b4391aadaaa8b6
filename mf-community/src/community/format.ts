/** A URL an <img> may load: the upload store, the site's static files or http(s); anything else (javascript:, data:) is dropped. */
export function safeImage(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  if (/^\/(uploads|static)\/[A-Za-z0-9._/-]+$/.test(url) && !url.includes('..')) return url;
  if (/^https?:\/\//i.test(url)) return url;
  return undefined;
}

/** 2026-11-25 10:30 in the reader's time zone. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A positive integer id from the address (`?id=`), else null. */
export function postIdFromQuery(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

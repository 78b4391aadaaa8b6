/** A URL an <img> may load: the upload store, the site's static files or http(s); anything else (javascript:, data:) is dropped. */
export function safeImage(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  if (/^\/(uploads|static)\/[A-Za-z0-9._/-]+$/.test(url) && !url.includes('..')) return url;
  if (/^https?:\/\//i.test(url)) return url;
  return undefined;
}

/** A positive integer id from the address (`?id=`), else null. */
export function postIdFromQuery(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

import { UPLOADS_URL_PREFIX, UPLOAD_NAME_PATTERN } from '../infra/storage/uploadStore';

/**
 * What a room cover may be. Every viewer's browser fetches the cover as an image, with this
 * site's cookies when it points here, so a cover must never be an address that does something:
 * this site's API is GET-heavy (`updateLive`, the QA override of /api/mf/remotes…). Allowed:
 *   - '' (no cover);
 *   - one of the site's own uploads, exactly `/uploads/<32 hex>.<png|jpg|webp|gif>` (uploadStore.ts);
 *   - an image on another site over https: absolute, no backslashes, blanks or control characters
 *     (spellings a browser reads differently from a parser), no user name or password,
 *     not this site's own host name (its files are the uploads above), no `/api/` or `/ws/` path.
 * The length is bounded by the schema (ROOM_COVER_MAX). Covers stored before these checks pass
 * through `displayableCover` on the way out.
 */
export function isAcceptableCover(cover: string, siteHostname: string | null): boolean {
  if (cover === '') return true;
  if (cover.startsWith(UPLOADS_URL_PREFIX)) return UPLOAD_NAME_PATTERN.test(cover.slice(UPLOADS_URL_PREFIX.length));
  // Backslashes, blanks and control characters are read differently by browsers and parsers.
  if (!cover.startsWith('https://') || /[\\\s\u0000-\u001f\u007f]/.test(cover)) return false;
  let url: URL;
  try {
    url = new URL(cover);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname === '') return false;
  if (siteHostname !== null && url.hostname === siteHostname.toLowerCase()) return false;
  return !/^\/(api|ws)(\/|$)/i.test(url.pathname);
}

/** The hostname of a Host header ('site.example:8080' -> 'site.example'); null when absent or garbage. */
export function hostnameOf(hostHeader: string | undefined): string | null {
  if (hostHeader === undefined || hostHeader === '') return null;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return null;
  }
}

/** A stored cover as shown to viewers: one the checks would refuse (stored before them) is not shown. */
export function displayableCover(cover: string): string {
  return isAcceptableCover(cover, null) ? cover : '';
}

import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** Answers with secrets or personal data (every /api/ answer unless its route says otherwise). */
export const NO_STORE = 'no-store';

/**
 * A content hash in the file name (`123.a1b2c3d4.js`, `main.3f9a0c1e2b.css`, `vendor-1a2b3c4d.js.map`):
 * 8+ hex characters between `.`/`-` and the extension. Such a file never changes under its name.
 */
const HASHED_NAME = /[.-][0-9a-f]{8,}(\.[a-z0-9]+)+$/i;

export function isHashedFileName(fileName: string): boolean {
  return HASHED_NAME.test(fileName);
}

/**
 * Hashed files are cached for a year; everything else (index.html, mf-manifest.json,
 * remoteEntry.js) must be revalidated, or a new release would not reach visitors.
 */
export function cacheControlFor(filePath: string): string {
  return isHashedFileName(path.basename(filePath)) ? IMMUTABLE : NO_CACHE;
}

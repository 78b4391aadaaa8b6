import type { RouteLocation } from '../contract/remoteContract';

/** '#/anchor?type=1' -> { path: 'anchor', query: { type: '1' } }. */
export function parseHashLocation(hash: string, fallbackPath: string): RouteLocation {
  const withoutHash = hash.replace(/^#\/?/, '');
  const [rawPath = '', rawQuery = ''] = withoutHash.split('?', 2);
  const path = decodeURIComponent(rawPath) || fallbackPath;
  return { path, query: Object.fromEntries(new URLSearchParams(rawQuery)) };
}

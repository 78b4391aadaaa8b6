import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from a web page. Browsers send `Sec-Fetch-*` with every request
 * (Chromium 76+, Firefox 90+, Safari 16.4+) and `Origin` with every POST a script makes; both
 * are forbidden request headers, so a page script (an injected one included) can neither
 * remove nor fake them. Non-browser clients (apps, curl, tests) send neither.
 */
export function isFromBrowser(request: FastifyRequest): boolean {
  const headers = request.headers;
  return headers['sec-fetch-site'] !== undefined || headers['sec-fetch-mode'] !== undefined || headers.origin !== undefined;
}
